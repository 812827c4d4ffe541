package dev.colony.hook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/**
 * The parts of a Claude Code tool hook payload a Colony hook uses.
 *
 * @param sessionId Claude Code's session id
 * @param cwd the session's working directory
 * @param toolName the tool about to run (or that ran)
 * @param filePath the file the tool edits ({@code tool_input.file_path}, or {@code notebook_path}), or {@code null}
 */
public record HookPayload(String sessionId, String cwd, String toolName, String filePath) {

    /** The tools whose target file a hook claims and records. */
    static final Set<String> EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");

    private static final JsonFactory JSON = new JsonFactory();

    /** Whether the payload is an edit of one file this hook acts on. */
    public boolean isFileEdit() {
        return toolName != null && EDIT_TOOLS.contains(toolName) && filePath != null && !filePath.isBlank()
                && sessionId != null && !sessionId.isBlank();
    }

    /**
     * Reads a payload, skipping every value it does not use without building it in memory (an edit's
     * payload carries the new text, which may be long).
     *
     * @throws IOException when the input is not a JSON object
     */
    public static HookPayload read(InputStream in) throws IOException {
        String session = null;
        String cwd = null;
        String tool = null;
        String file = null;
        try (JsonParser parser = JSON.createParser(in)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("the hook payload is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "session_id" -> session = text(parser, value);
                    case "cwd" -> cwd = text(parser, value);
                    case "tool_name" -> tool = text(parser, value);
                    case "tool_input" -> file = filePath(parser, value);
                    default -> parser.skipChildren();
                }
            }
        }
        return new HookPayload(session, cwd, tool, file);
    }

    private static String filePath(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return null;
        }
        String file = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken token = parser.nextToken();
            if ((name.equals("file_path") || name.equals("notebook_path")) && file == null) {
                file = text(parser, token);
            } else {
                parser.skipChildren();
            }
        }
        return file;
    }

    private static String text(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return null;
    }
}
