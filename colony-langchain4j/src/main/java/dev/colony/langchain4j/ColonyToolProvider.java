package dev.colony.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.tool.InProcessTools;
import dev.colony.tool.ToolOutcome;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Colony's tools for a LangChain4j AI service: every tool of the chosen toolsets, declared as the MCP server
 * declares it (same names, descriptions and argument schemas, as {@link JsonObjectSchema}s) and answering with the
 * same JSON results and errors.
 *
 * <pre>{@code
 * ToolProvider tools = new ColonyToolProvider(InProcessTools.builder(colony, "alice", "my-agent")
 *         .toolsets("memory,coordination").client("langchain4j").build());
 * AiServices.builder(Assistant.class).chatModel(model).toolProvider(tools)...
 * }</pre>
 *
 * <p>A call acts in the Colony session of its chat memory id (see {@link InProcessTools#session}): what the model
 * claims or records in conversation 42 is attributed to that conversation's session, in every process that
 * continues it. A failed call is a tool result marked as an error whose text is {@code {"code", "error", "field"}},
 * for the model to read and correct; it never throws into the AI service. Argument bounds (lengths, ranges) are
 * not part of LangChain4j's schema types; every call is checked against them and refused naming the field.
 */
public final class ColonyToolProvider implements ToolProvider {

    private final InProcessTools tools;
    private final ToolProviderResult result;

    /** A provider of {@code tools}. */
    public ColonyToolProvider(InProcessTools tools) {
        this.tools = Objects.requireNonNull(tools, "tools");
        ToolProviderResult.Builder builder = ToolProviderResult.builder();
        for (InProcessTools.Tool tool : tools.tools()) {
            builder.add(specification(tool), new Executor(tools));
        }
        this.result = builder.build();
    }

    /** The tools, whatever the request: they do not change while the Colony is open. */
    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return result;
    }

    /** The in-process tools this provider serves. */
    public InProcessTools tools() {
        return tools;
    }

    /** The LangChain4j declaration of {@code tool}. */
    static ToolSpecification specification(InProcessTools.Tool tool) {
        return ToolSpecification.builder().name(tool.name()).description(tool.description())
                .parameters((JsonObjectSchema) element(tool.inputSchema())).build();
    }

    /** The schema element a JSON Schema node of the MCP declaration maps to. */
    static JsonSchemaElement element(JsonNode schema) {
        String description = schema.hasNonNull("description") ? schema.get("description").asText() : null;
        String type = schema.path("type").asText();
        return switch (type) {
            case "object" -> {
                Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
                schema.path("properties").properties()
                        .forEach(property -> properties.put(property.getKey(), element(property.getValue())));
                List<String> required = new ArrayList<>();
                schema.path("required").forEach(name -> required.add(name.asText()));
                JsonObjectSchema.Builder object = JsonObjectSchema.builder().description(description)
                        .addProperties(properties).required(required);
                if (schema.has("additionalProperties")) {
                    object.additionalProperties(schema.get("additionalProperties").asBoolean());
                }
                yield object.build();
            }
            case "string" -> {
                if (schema.has("enum")) {
                    List<String> values = new ArrayList<>();
                    schema.get("enum").forEach(value -> values.add(value.asText()));
                    yield JsonEnumSchema.builder().description(description).enumValues(values).build();
                }
                yield JsonStringSchema.builder().description(description).build();
            }
            case "integer" -> JsonIntegerSchema.builder().description(description).build();
            case "number" -> JsonNumberSchema.builder().description(description).build();
            case "boolean" -> JsonBooleanSchema.builder().description(description).build();
            case "array" -> JsonArraySchema.builder().description(description).items(element(schema.path("items")))
                    .build();
            default -> throw new IllegalArgumentException("no LangChain4j schema type for " + describe(schema));
        };
    }

    private static String describe(JsonNode schema) {
        return schema instanceof ObjectNode ? schema.toString() : String.valueOf(schema);
    }

    /** Runs a call in the session of the chat memory it belongs to. */
    private record Executor(InProcessTools tools) implements ToolExecutor {

        @Override
        public String execute(ToolExecutionRequest request, Object memoryId) {
            return run(request, memoryId).text();
        }

        @Override
        public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
            ToolOutcome outcome = run(request, context == null ? null : context.chatMemoryId());
            return ToolExecutionResult.builder().isError(!outcome.ok()).resultText(outcome.text()).build();
        }

        private ToolOutcome run(ToolExecutionRequest request, Object memoryId) {
            return tools.call(memoryId, request.name(), request.arguments());
        }
    }
}
