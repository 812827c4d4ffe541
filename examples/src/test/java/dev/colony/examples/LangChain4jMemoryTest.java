package dev.colony.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.langchain4j.ColonyChatMemoryStore;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LangChain4jMemoryTest {

    private static final String SOURCE = "src/main/java/dev/colony/examples/LangChain4jMemory.java";

    @TempDir
    Path dir;

    @Test
    void theAgentRecordsAMemoryThroughAColonyToolAndASecondJvmFindsItAndTheConversation() throws Exception {
        Path db = dir.resolve("colony.db");
        ScriptedModel model = new ScriptedModel();

        String answer = LangChain4jMemory.run(db, model);

        assertThat(answer).isEqualTo("Noted.");
        assertThat(model.offered).as("the tools the model was offered").contains("memory_add", "search", "task_post");
        assertThat(model.system).as("the system message carries the tools' guidance").contains("memory_add");
        assertThat(model.toolResult).as("memory_add answered with the new memory").contains("\"id\":");

        List<String> lines = SecondProcess.run(dir, db.toString(), "gateway port", "conversation-42");
        assertThat(lines).containsExactly("hit The gateway listens on port 8443",
                "window 5"); // the system message, the question, the tool request, its result, the answer
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            ColonyChatMemoryStore store = new ColonyChatMemoryStore(colony.as(colony.sessions()
                    .ensure(SessionStart.of("alice", "another-agent")).actor()));
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

    /** Asks for memory_add with the fact the user gave, then answers "Noted." once it has the tool's result. */
    private static final class ScriptedModel implements ChatModel {

        private final List<String> offered = new ArrayList<>();
        private String system = "";
        private String toolResult;

        @Override
        public ChatResponse doChat(ChatRequest request) {
            request.toolSpecifications().forEach(spec -> offered.add(spec.name()));
            for (ChatMessage message : request.messages()) {
                if (message instanceof SystemMessage text) {
                    system = text.text();
                }
            }
            ChatMessage last = request.messages().get(request.messages().size() - 1);
            if (last instanceof ToolExecutionResultMessage result) {
                toolResult = result.text();
                return ChatResponse.builder().aiMessage(AiMessage.from("Noted.")).build();
            }
            return ChatResponse.builder().aiMessage(AiMessage.from(ToolExecutionRequest.builder().id("call-1")
                    .name("memory_add").arguments("{\"content\":\"The gateway listens on port 8443\","
                            + "\"topics\":[\"gateway\"]}").build())).build();
        }
    }
}
