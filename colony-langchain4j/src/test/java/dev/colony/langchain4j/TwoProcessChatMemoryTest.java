package dev.colony.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.core.Colony;
import dev.colony.store.postgres.PostgresTestServer;
import dev.langchain4j.data.message.ChatMessageSerializer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two JVMs on one store continue one conversation: the child reads the window the parent wrote, both then
 * replace the window at once, every read in either process is one whole window, and the parent ends with a
 * window one of them wrote last (on a SQLite file and on a PostgreSQL database).
 */
class TwoProcessChatMemoryTest {

    private static final Duration BOUND = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgresql"})
    void twoProcessesSeeEachOthersWholeWindows(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String spec = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path outcome = dir.resolve("child.out");
        Path log = dir.resolve("child.log");

        try (Colony colony = Colony.builder().storage(ChatWindowProcess.open(spec)).build()) {
            ColonyChatMemoryStore store = ChatWindowProcess.store(colony, "alice");
            store.updateMessages("chat-1", ChatWindowProcess.window("parent", -1));

            Process child = start(postgres, log, spec, outcome);
            try {
                awaitRead(child, log);
                List<String> parentTorn = ChatWindowProcess.replaceAndRead(store, "chat-1", "parent");
                assertThat(child.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).as("child finished").isTrue();
                assertThat(child.exitValue()).as(Files.readString(log)).isZero();
                assertThat(parentTorn).as("the parent's reads").isEmpty();
            } finally {
                child.destroyForcibly();
            }

            List<String> childLines = Files.readAllLines(outcome, StandardCharsets.UTF_8);
            assertThat(childLines.get(0)).as("the child read the parent's window")
                    .isEqualTo("saw " + ChatMessageSerializer.messagesToJson(ChatWindowProcess.window("parent", -1)));
            assertThat(childLines.subList(1, childLines.size())).as("the child's reads").isEmpty();
            int last = ChatWindowProcess.ROUNDS - 1;
            assertThat(store.getMessages("chat-1")).as("the last window either side wrote")
                    .isIn(ChatWindowProcess.window("parent", last), ChatWindowProcess.window("child", last));
        }
    }

    private static Process start(boolean postgres, Path log, String spec, Path outcome) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        if (postgres) {
            command.add(PostgresTestServer.childJvmOption());
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ChatWindowProcess.class.getName(),
                spec, "alice", "chat-1", "child", outcome.toString()));
        return new ProcessBuilder(command).redirectError(log.toFile()).start();
    }

    /** Waits, at most {@link #BOUND}, for the child's line saying it has read the parent's window. */
    private static void awaitRead(Process child, Path log) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        assertThat(line.get(BOUND.toSeconds(), TimeUnit.SECONDS)).as("the child read; its log: %s", log)
                .isEqualTo(ChatWindowProcess.READ);
    }
}
