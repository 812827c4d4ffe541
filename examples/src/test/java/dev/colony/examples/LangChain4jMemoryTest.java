package dev.colony.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.message.UserMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LangChain4jMemoryTest {

    private static final String SOURCE = "src/main/java/dev/colony/examples/LangChain4jMemory.java";

    @TempDir
    Path dir;

    @Test
    void theConversationGoesOnWhereTheLastRunLeftIt() {
        Path db = dir.resolve("colony.db");
        LangChain4jMemory.run(db);
        UserMessage question = UserMessage.from("Which port does the gateway listen on?");

        assertThat(LangChain4jMemory.run(db)).as("a second run continues the stored window")
                .containsExactly(question, question);
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            ColonyChatMemoryStore store = new ColonyChatMemoryStore(colony.as(colony.sessions()
                    .ensure(SessionStart.of("alice", "another-agent")).actor()));
            assertThat(store.getMessages("conversation-42")).hasSize(2);
            assertThat(store.getMessages("default")).as("the id keeps it out of the default window").isEmpty();
        }
    }

    @Test
    void theReadmeShowsTheExampleAsCompiled() throws IOException {
        String source = Files.readString(Path.of(SOURCE));
        String readme = Files.readString(Path.of("../README.md"));
        String snippet = source.substring(source.indexOf("// --- README LangChain4j: begin ---"),
                source.indexOf("// --- README LangChain4j: end ---"));

        for (String line : snippet.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            if (!line.startsWith("return ")) {
                assertThat(readme).as("README LangChain4j line").contains(line);
            }
        }
        String section = readme.substring(readme.indexOf("## LangChain4j"));
        int start = section.indexOf("```java");
        String block = section.substring(start, section.indexOf("```", start + 3));
        assertThat(source.lines().filter(line -> line.startsWith("import ")).toList())
                .as("every README import is one the compiled example uses")
                .containsAll(block.lines().filter(line -> line.startsWith("import ")).toList());
    }
}
