package dev.colony.springai;

import dev.colony.tool.InProcessTools;
import java.util.Map;
import java.util.Objects;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Colony's tools for a Spring AI {@code ChatClient} (or Spring AI's MCP server, which re-serves a
 * {@link ToolCallbackProvider} bean): every tool of the chosen toolsets, with the names, descriptions and argument
 * schemas the MCP server publishes, answering with the same JSON results and errors.
 *
 * <pre>{@code
 * ToolCallbackProvider tools = new ColonyToolCallbacks(InProcessTools.builder(colony, "alice", "my-agent")
 *         .toolsets("memory,coordination").client("spring-ai").build());
 * ChatClient.builder(chatModel).defaultTools(tools).build();
 * }</pre>
 *
 * <p>A call acts in the Colony session of its conversation, the {@link ChatMemory#CONVERSATION_ID} of the tool
 * context (pass it with {@code .toolContext(Map.of(ChatMemory.CONVERSATION_ID, id))}), else in the tools' own
 * session; see {@link InProcessTools#session}. A failed call answers {@code {"code", "error", "field"}} as its
 * result, for the model to read and correct; it never throws into the chat client.
 */
public final class ColonyToolCallbacks implements ToolCallbackProvider {

    private final InProcessTools tools;
    private final ToolCallback[] callbacks;

    /** The callbacks of {@code tools}. */
    public ColonyToolCallbacks(InProcessTools tools) {
        this.tools = Objects.requireNonNull(tools, "tools");
        this.callbacks = tools.tools().stream()
                .map(tool -> new Callback(tools, ToolDefinition.builder().name(tool.name())
                        .description(tool.description()).inputSchema(tool.inputSchemaJson()).build()))
                .toArray(ToolCallback[]::new);
    }

    @Override
    public ToolCallback[] getToolCallbacks() {
        return callbacks.clone();
    }

    /** The in-process tools these callbacks serve. */
    public InProcessTools tools() {
        return tools;
    }

    /** One tool, acting in the session of the conversation its tool context names. */
    private record Callback(InProcessTools tools, ToolDefinition definition) implements ToolCallback {

        @Override
        public ToolDefinition getToolDefinition() {
            return definition;
        }

        @Override
        public String call(String toolInput) {
            return call(toolInput, null);
        }

        @Override
        public String call(String toolInput, ToolContext toolContext) {
            Map<String, Object> context = toolContext == null ? Map.of() : toolContext.getContext();
            return tools.call(context.get(ChatMemory.CONVERSATION_ID), definition.name(), toolInput).text();
        }
    }
}
