package dev.colony.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ErrorCode;
import java.util.Objects;

/**
 * What one tool call produced: the MCP {@code CallToolResult} to send, and what a caller needs to
 * account for the call without re-reading the JSON.
 *
 * @param tool the tool that ran
 * @param result the {@code CallToolResult} object: {@code content}, {@code structuredContent} on
 *         success, {@code isError}
 * @param text the text content, the JSON a client that ignores structured content reads
 * @param error the error code when the call failed, {@code null} when it succeeded
 */
public record ToolOutcome(String tool, ObjectNode result, String text, ErrorCode error) {

    /** Checks the components. */
    public ToolOutcome {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(text, "text");
    }

    /** Whether the call succeeded. */
    public boolean ok() {
        return error == null;
    }
}
