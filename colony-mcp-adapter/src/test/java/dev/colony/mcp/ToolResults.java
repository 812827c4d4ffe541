package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;

/** Reads tool results in tests, in-process and over stdio alike: one text block holding JSON. */
public final class ToolResults {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolResults() {
    }

    /** The JSON of a successful result; {@code context} is shown when it was an error. */
    public static JsonNode ok(CallToolResult result, String context) {
        String text = text(result);
        assertThat(result.isError()).as("%s -> %s", context, text).isFalse();
        return parse(text);
    }

    /** The JSON body of an error result. */
    public static JsonNode error(CallToolResult result) {
        String text = text(result);
        assertThat(result.isError()).as(text).isTrue();
        return parse(text);
    }

    /** The single text block of a result. */
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
