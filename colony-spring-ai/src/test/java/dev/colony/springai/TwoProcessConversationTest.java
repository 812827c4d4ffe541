package dev.colony.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.core.Colony;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.chat.memory.ChatMemoryRepository;

/**
 * Two JVMs on one store see each other's conversations: the child lists and reads the conversation the parent
 * saved, and the parent, still open, then reads the one the child saved (on a SQLite file and on a PostgreSQL
 * database).
 */
class TwoProcessConversationTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgresql"})
    void twoProcessesSeeEachOthersConversations(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String spec = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path outcome = dir.resolve("child.out");
        Path log = dir.resolve("child.log");

        try (Colony colony = Colony.builder().storage(ConversationProcess.open(spec)).build()) {
            ChatMemoryRepository repository = ConversationProcess.repository(colony, "alice");
            repository.saveAll("from-parent", ConversationProcess.conversation("parent"));

            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
                    "java").toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
            if (postgres) {
                command.add(PostgresTestServer.childJvmOption());
            }
            command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                    ConversationProcess.class.getName(), spec, "alice", "from-parent", "from-child",
                    outcome.toString()));
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            try {
                assertThat(child.waitFor(90, TimeUnit.SECONDS)).as("child finished").isTrue();
                assertThat(child.exitValue()).as(Files.readString(log)).isZero();
            } finally {
                child.destroyForcibly();
            }

            assertThat(Files.readAllLines(outcome, StandardCharsets.UTF_8)).as("what the child saw")
                    .containsExactly("ids [from-parent]", "USER parent asks", "ASSISTANT parent answers");
            assertThat(repository.findConversationIds()).containsExactly("from-child", "from-parent");
            assertThat(repository.findByConversationId("from-child"))
                    .isEqualTo(ConversationProcess.conversation("child"));
        }
    }
}
