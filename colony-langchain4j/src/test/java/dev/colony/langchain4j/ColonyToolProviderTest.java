package dev.colony.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.Toolset;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColonyToolProviderTest {

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
    void everyToolIsDeclaredWithTheNamesAndArgumentsTheMcpServerPublishes() {
        InProcessTools tools = InProcessTools.builder(colony, "alice", "scribe").build();
        ToolProviderResult provided = new ColonyToolProvider(tools)
                .provideTools(new ToolProviderRequest("c-1", dev.langchain4j.data.message.UserMessage.from("hi")));

        assertThat(provided.aiServiceTools().stream().map(AiServiceTool::name).toList())
                .containsExactlyElementsOf(Toolset.tools(Toolset.defaults(), false).stream()
                        .map(spec -> spec.name()).toList());
        for (InProcessTools.Tool tool : tools.tools()) {
            ToolSpecification spec = tool(provided, tool.name()).toolSpecification();
            JsonObjectSchema parameters = spec.parameters();
            assertThat(spec.description()).isEqualTo(tool.description());
            assertThat(parameters.properties().keySet()).as(tool.name())
                    .containsExactlyElementsOf(iterable(tool.inputSchema().path("properties").fieldNames()));
            assertThat(parameters.required() == null ? List.of() : parameters.required()).as(tool.name())
                    .containsExactlyElementsOf(texts(tool.inputSchema().path("required")));
        }
    }

    @Test
    void toolsetsChooseThePartOfTheSurfaceTheAgentSees() {
        InProcessTools memory = InProcessTools.builder(colony, "alice", "scribe").toolsets("memory").build();

        Set<String> names = new ColonyToolProvider(memory).provideTools(null).aiServiceTools().stream()
                .map(AiServiceTool::name).collect(Collectors.toSet());

        assertThat(names).contains("search", "get_observations", "memory_add").doesNotContain("task_post")
                .hasSize(Toolset.MEMORY.tools(false).size());
    }

    @Test
    void anAiServiceRecordsAMemoryThroughTheToolInTheSessionOfItsConversation() throws Exception {
        ColonyToolProvider provider = new ColonyToolProvider(
                InProcessTools.builder(colony, "alice", "scribe").client("langchain4j").build());
        ScriptedModel model = new ScriptedModel("memory_add",
                "{\"content\":\"The gateway listens on port 8443\",\"type\":\"fact\",\"topics\":[\"gateway\"]}");
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.builder().id(id).maxMessages(10).build())
                .toolProvider(provider).build();

        String answer = assistant.chat("conversation-7", "Remember where the gateway listens");

        assertThat(model.offered).contains("memory_add", "search", "task_claim_file");
        JsonNode result = JSON.readTree(model.toolResult);
        assertThat(result.has("id")).as(model.toolResult).isTrue();
        assertThat(answer).isEqualTo("noted");
        Memory stored = colony.as(colony.sessions().ensure(SessionStart.of("alice", "reader")).actor()).memories()
                .get(List.of(dev.colony.api.MemoryId.of(result.get("id").asLong()))).get(0);
        assertThat(stored.content()).isEqualTo("The gateway listens on port 8443");
        assertThat(stored.session().value()).isEqualTo("scribe:alice:conversation-7");
        assertThat(colony.as(colony.sessions().ensure(SessionStart.of("alice", "reader")).actor()).sessions().find(stored.session()).orElseThrow().ide()).isEqualTo("langchain4j");
    }

    @Test
    void aBadCallIsAnErrorResultNamingTheFieldNotAnException() {
        ColonyToolProvider provider = new ColonyToolProvider(InProcessTools.builder(colony, "alice", "scribe").build());
        ToolProviderResult provided = provider.provideTools(null);

        ToolExecutionResult unknownArgument = tool(provided, "memory_add").toolExecutor().executeWithContext(
                ToolExecutionRequest.builder().id("1").name("memory_add").arguments("{\"contents\":\"x\"}").build(),
                null);
        String notJson = tool(provided, "search").toolExecutor().execute(
                ToolExecutionRequest.builder().id("2").name("search").arguments("{\"query\":").build(), "c-1");

        assertThat(unknownArgument.isError()).isTrue();
        assertThat(unknownArgument.resultText()).contains("\"code\":\"INVALID_ARGUMENT\"")
                .contains("\"field\":\"contents\"");
        assertThat(notJson).contains("\"code\":\"INVALID_ARGUMENT\"").contains("\"field\":\"arguments\"");
    }

    @Test
    void aLongOrControlCharacterConversationIdStillNamesOneStableSession() {
        InProcessTools tools = InProcessTools.builder(colony, "alice", "scribe").build();

        String longId = "x".repeat(300);
        assertThat(tools.session(longId)).isEqualTo(tools.session(longId));
        assertThat(tools.session(longId).value()).startsWith("scribe:sha256:").hasSizeLessThanOrEqualTo(128);
        assertThat(tools.session("a\nb").value()).startsWith("scribe:sha256:");
        assertThat(tools.session(null)).isNotEqualTo(tools.session("null"));
    }

    @Test
    void twoUsersConversationsOfTheSameIdActInSessionsOfTheirOwn() {
        ColonyToolProvider alice = new ColonyToolProvider(InProcessTools.builder(colony, "alice", "scribe").build());
        ColonyToolProvider bob = new ColonyToolProvider(InProcessTools.builder(colony, "bob", "scribe").build());
        ToolExecutionRequest add = ToolExecutionRequest.builder().id("1").name("memory_add")
                .arguments("{\"content\":\"The build cache lives in /var/cache/ci\"}").build();

        String first = tool(alice.provideTools(null), "memory_add").toolExecutor().execute(add, "default");
        String second = tool(bob.provideTools(null), "memory_add").toolExecutor().execute(add, "default");

        assertThat(first).contains("\"id\":");
        assertThat(second).as("bob's 'default' conversation is not alice's session").contains("\"id\":");
        assertThat(alice.tools().session("default")).isNotEqualTo(bob.tools().session("default"));
    }

    /** An AI service with a chat memory per conversation. */
    interface Assistant {
        String chat(@MemoryId String conversation, @UserMessage String message);
    }

    /** Asks for one tool call, then answers "noted" once it has the tool's result. */
    private static final class ScriptedModel implements ChatModel {

        private final String tool;
        private final String arguments;
        private final List<String> offered = new ArrayList<>();
        private String toolResult;

        ScriptedModel(String tool, String arguments) {
            this.tool = tool;
            this.arguments = arguments;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            request.toolSpecifications().forEach(spec -> offered.add(spec.name()));
            ChatMessage last = request.messages().get(request.messages().size() - 1);
            if (last instanceof ToolExecutionResultMessage result) {
                toolResult = result.text();
                return ChatResponse.builder().aiMessage(AiMessage.from("noted")).build();
            }
            return ChatResponse.builder().aiMessage(AiMessage.from(ToolExecutionRequest.builder().id("call-1")
                    .name(tool).arguments(arguments).build())).build();
        }
    }

    private static List<String> iterable(java.util.Iterator<String> names) {
        List<String> out = new ArrayList<>();
        names.forEachRemaining(out::add);
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    /** The tool named {@code name} among those {@code provided} offers. */
    private static AiServiceTool tool(ToolProviderResult provided, String name) {
        return provided.aiServiceTools().stream().filter(tool -> tool.name().equals(name)).findFirst().orElseThrow();
    }
}
