package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;

/**
 * Reads tool results in tests: one text block holding JSON, either as the JSON the server builds
 * in-process or as the SDK client's {@link CallToolResult} over stdio.
 */
public final class ToolResults {

    /** A plain mapper for tests. */
    public static final ObjectMapper JSON = new ObjectMapper();

    private ToolResults() {
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
