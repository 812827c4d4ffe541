package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.tool.ToolContext;
import dev.colony.tool.Toolset;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * Reads tool results in tests: one text block holding JSON, either as the JSON the server builds
 * in-process or as the SDK client's {@link CallToolResult} over stdio.
 */
public final class ToolResults {

    /** A plain mapper for tests. */
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultJsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();
    private static final TypeReference<Map<String, Object>> SCHEMA_MAP = new TypeReference<>() {
    };

    private ToolResults() {
    }

    /** A server acting for {@code user}'s {@code agent} in a session announced now on {@code colony}. */
    public static ColonyMcpServer server(Colony colony, String user, String agent) {
        Session session = colony.sessions().ensure(SessionStart.of(user, agent));
        return new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()));
    }

    /** As {@link #server(Colony, String, String)}, with the tools of {@code toolsets} mounted. */
    public static ColonyMcpServer server(Colony colony, String user, String agent, Set<Toolset> toolsets) {
        Session session = colony.sessions().ensure(SessionStart.of(user, agent));
        return new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()),
                ColonyMcpServer.tools(toolsets, false));
    }

    /**
     * Calls {@code tool} in process and returns the successful call's JSON, after checking that its
     * structured content is the text's JSON and matches the tool's output schema in its strict form (every field
     * that is always present is, and no other).
     */
    public static JsonNode okAndValid(ColonyMcpServer server, String tool, Map<String, Object> arguments) {
        JsonNode result = server.call(tool, arguments);
        JsonNode json = ok(result, tool);
        JsonNode structured = result.get("structuredContent");
        assertThat(parse(structured.toString())).as(tool).isEqualTo(json);
        JsonNode strict = server.catalog().specs().stream().filter(spec -> spec.name().equals(tool)).findFirst()
                .orElseThrow(() -> new AssertionError("no tool " + tool)).result().strict();
        Map<String, Object> schema = JSON.convertValue(strict, SCHEMA_MAP);
        var validation = VALIDATOR.validate(schema, JSON.convertValue(structured, Object.class));
        assertThat(validation.valid()).as("%s: %s", tool, validation.errorMessage()).isTrue();
        return json;
    }

    /** The JSON of a successful result; {@code context} is shown when it was an error. */
    public static JsonNode ok(JsonNode result, String context) {
        String text = text(result);
        assertThat(result.get("isError").asBoolean()).as("%s -> %s", context, text).isFalse();
        return parse(text);
    }

    /** The JSON body of an error result. */
    public static JsonNode error(JsonNode result) {
        String text = text(result);
        assertThat(result.get("isError").asBoolean()).as(text).isTrue();
        return parse(text);
    }

    /** The single text block of a result. */
    public static String text(JsonNode result) {
        assertThat(result.get("content")).hasSize(1);
        JsonNode block = result.get("content").get(0);
        assertThat(block.get("type").asText()).isEqualTo("text");
        return block.get("text").asText();
    }

    /** The JSON of a successful SDK client result; {@code context} is shown when it was an error. */
    public static JsonNode ok(CallToolResult result, String context) {
        String text = text(result);
        assertThat(result.isError()).as("%s -> %s", context, text).isFalse();
        return parse(text);
    }

    /** The JSON body of an SDK client error result. */
    public static JsonNode error(CallToolResult result) {
        String text = text(result);
        assertThat(result.isError()).as(text).isTrue();
        return parse(text);
    }

    /** The single text block of an SDK client result. */
    public static String text(CallToolResult result) {
        assertThat(result.content()).hasSize(1);
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    /** Parses JSON text, failing the test when it is not JSON. */
    public static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
