package dev.colony.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.Toolset;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;

class ColonyToolCallbacksTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Colony colony;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db"))).build();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void everyToolIsDeclaredAsTheMcpServerPublishesIt() throws Exception {
        InProcessTools tools = InProcessTools.builder(colony, "alice", "scribe").build();
        ToolCallback[] callbacks = new ColonyToolCallbacks(tools).getToolCallbacks();

        assertThat(Arrays.stream(callbacks).map(callback -> callback.getToolDefinition().name()).toList())
                .containsExactlyElementsOf(Toolset.tools(Toolset.defaults(), false).stream()
                        .map(spec -> spec.name()).toList());
        for (int i = 0; i < callbacks.length; i++) {
            assertThat(JSON.readTree(callbacks[i].getToolDefinition().inputSchema()))
                    .isEqualTo(JSON.readTree(tools.tools().get(i).inputSchemaJson()));
            assertThat(callbacks[i].getToolDefinition().description()).isEqualTo(tools.tools().get(i).description());
        }
    }

    @Test
    void springsToolCallingManagerRecordsAMemoryInTheSessionOfTheConversation() throws Exception {
        ColonyToolCallbacks callbacks = new ColonyToolCallbacks(
                InProcessTools.builder(colony, "alice", "scribe").toolsets("memory").client("spring-ai").build());
        ToolCallingChatOptions options = ToolCallingChatOptions.builder()
                .toolCallbacks(callbacks.getToolCallbacks())
                .toolContext(Map.of(ChatMemory.CONVERSATION_ID, "conversation-7")).build();
        Prompt prompt = new Prompt(List.of(new UserMessage("Remember where the gateway listens")), options);
        // What a model answers when it asks for the tool.
        ChatResponse asking = new ChatResponse(List.of(new Generation(AssistantMessage.builder().content("")
                .toolCalls(List.of(new AssistantMessage.ToolCall("call-1", "function", "memory_add",
                        "{\"content\":\"The gateway listens on port 8443\",\"topics\":[\"gateway\"]}")))
                .build())));

        ToolExecutionResult executed = ToolCallingManager.builder().build().executeToolCalls(prompt, asking);

        List<Message> history = executed.conversationHistory();
        ToolResponseMessage response = (ToolResponseMessage) history.get(history.size() - 1);
        JsonNode result = JSON.readTree(response.getResponses().get(0).responseData());
        Memory stored = colony.as(colony.sessions().ensure(SessionStart.of("alice", "reader")).actor()).memories()
                .get(List.of(MemoryId.of(result.get("id").asLong()))).get(0);
        assertThat(stored.content()).isEqualTo("The gateway listens on port 8443");
        assertThat(stored.session().value()).isEqualTo("scribe:alice:conversation-7");
    }

    @Test
    void aBadCallAnswersTheErrorNamingTheField() {
        ToolCallback add = Arrays.stream(new ColonyToolCallbacks(InProcessTools.builder(colony, "alice", "scribe")
                .toolsets("memory").build()).getToolCallbacks())
                .filter(callback -> callback.getToolDefinition().name().equals("memory_add")).findFirst().orElseThrow();

        assertThat(add.call("{\"type\":\"fact\"}", new ToolContext(Map.of())))
                .contains("\"code\":\"INVALID_ARGUMENT\"").contains("\"field\":\"content\"");
        assertThat(add.call("[1]")).contains("\"code\":\"INVALID_ARGUMENT\"").contains("\"field\":\"arguments\"");
    }
}
