package dev.colony.mcp.transport;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.tool.json.ExactNumberNode;
import dev.colony.tool.json.JsonTrees;
import java.io.CharConversionException;
import java.io.IOException;
import java.util.Map;

/**
 * Turns one input line into a JSON-RPC message, or into the error that the line deserves.
 *
 * <p>The classification follows JSON-RPC 2.0 as MCP uses it: a line that is not JSON is a parse error
 * ({@value #PARSE_ERROR}); JSON that is not one well-formed message object is an invalid request
 * ({@value #INVALID_REQUEST}): a batch array, a missing or non-string {@code method}, an {@code id} that
 * is {@code null} or neither a string nor a number, a {@code jsonrpc} member other than {@code "2.0"},
 * nesting deeper than {@value #MAX_NESTING} levels, or a member name that is not valid Unicode (a lone
 * surrogate, which could not be written back out as UTF-8). Whenever an id can still be read from a
 * refused line, the error carries it, so the client can match the error to its request. A numeric id is kept as
 * the text it was sent as ({@link ExactNumberNode}), so that every answer echoes it byte for byte.
 */
final class JsonRpcCodec {

    /** Not JSON. */
    static final int PARSE_ERROR = -32700;
    /** JSON, but not a valid message. */
    static final int INVALID_REQUEST = -32600;
    /** No such method. */
    static final int METHOD_NOT_FOUND = -32601;
    /** The method exists; its params do not fit. */
    static final int INVALID_PARAMS = -32602;
    /** The server failed. */
    static final int INTERNAL_ERROR = -32603;
    /** Too many calls are running and waiting; the call was not started. */
    static final int SERVER_BUSY = -32000;
    /** A request other than {@code initialize} or {@code ping} came before {@code initialize}. */
    static final int SERVER_NOT_INITIALIZED = -32002;

    /** The deepest nesting of arrays and objects a message may have. */
    static final int MAX_NESTING = 1000;

    private static final int ECHO_LIMIT = 80;

    private static final String LONE_SURROGATE =
            "Invalid request: a member name is not valid Unicode (it holds a lone surrogate)";

    private final JsonFactory json;
    private final JsonFactory idScanner;

    /** One decoded line: a request, a notification, a response from the client, or a fault. */
    sealed interface Inbound permits Request, Notification, Response, Fault {
    }

    /** A request: it has an id and expects an answer. */
    record Request(JsonNode id, String method, JsonNode params) implements Inbound {
    }

    /** A notification: no id, no answer. */
    record Notification(String method, JsonNode params) implements Inbound {
    }

    /**
     * A client's answer to a request the server sent.
     *
     * @param id the request's id
     * @param result the result, or {@code null} when the client answered with an error
     * @param error the error, or {@code null}
     */
    record Response(JsonNode id, JsonNode result, JsonNode error) implements Inbound {
    }

    /**
     * A line that is not a valid message.
     *
     * @param id the id read from the line, or JSON {@code null} when none could be read
     * @param code the JSON-RPC error code
     * @param message a plain explanation for the client
     */
    record Fault(JsonNode id, int code, String message) implements Inbound {
    }

    JsonRpcCodec() {
        this.json = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                .build();
        this.idScanner = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
                .build();
    }

    /** The factory used for reading, configured with the limits above; also fit for writing. */
    JsonFactory factory() {
        return json;
    }

    /** Decodes one line. Never throws for bad input. */
    Inbound decode(BoundedLineReader.Line line) {
        if (line.oversized()) {
            return new Fault(idOf(line.bytes(), line.length()), INVALID_REQUEST, "Invalid request: the line is "
                    + line.totalBytes() + " bytes long; messages are limited to a fixed size and this one was skipped");
        }
        if (line.length() == 0) {
            return new Fault(NullNode.getInstance(), PARSE_ERROR, "Parse error: empty line; expected one JSON-RPC "
                    + "message per line");
        }
        JsonNode root;
        try (JsonParser parser = json.createParser(line.bytes(), 0, line.length())) {
            root = readMessage(parser);
            if (root != null && parser.nextToken() != null) {
                return new Fault(idOf(line.bytes(), line.length()), PARSE_ERROR,
                        "Parse error: more than one JSON value on the line (near column "
                                + parser.currentLocation().getColumnNr() + ")");
            }
        } catch (IdOutOfRange e) {
            return new Fault(NullNode.getInstance(), INVALID_REQUEST, "Invalid request: \"id\" is a number out of "
                    + "range");
        } catch (StreamConstraintsException e) {
            return new Fault(idOf(line.bytes(), line.length()), INVALID_REQUEST, constraintMessage(e));
        } catch (IOException e) {
            String detail = String.valueOf(e.getMessage());
            if (detail.contains("surrogate") && !detail.contains("UTF-8")) {
                // Escaped text such as "\ud800" is well-formed JSON but not Unicode; the parser refuses it in names.
                return new Fault(idOf(line.bytes(), line.length()), INVALID_REQUEST, LONE_SURROGATE);
            }
            return new Fault(idOf(line.bytes(), line.length()), PARSE_ERROR, parseMessage(e));
        }
        if (root == null) {
            return new Fault(NullNode.getInstance(), PARSE_ERROR, "Parse error: the line holds no JSON value");
        }
        if (root.isArray()) {
            return new Fault(NullNode.getInstance(), INVALID_REQUEST,
                    "Invalid request: batches (JSON arrays) are not supported; send one message per line");
        }
        if (!root.isObject()) {
            return new Fault(NullNode.getInstance(), INVALID_REQUEST, "Invalid request: a message must be a JSON "
                    + "object, was " + kind(root));
        }
        return classify((ObjectNode) root);
    }

    /**
     * One message, read as {@link JsonTrees#read} reads a value, except that a numeric top-level {@code id} keeps
     * the text it was sent as.
     */
    private static JsonNode readMessage(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first != JsonToken.START_OBJECT) {
            return first == null ? null : JsonTrees.value(parser, first);
        }
        ObjectNode message = JsonNodeFactory.instance.objectNode();
        for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if ("id".equals(name) && value.isNumeric()) {
                try {
                    message.set(name, ExactNumberNode.of(parser.getText()));
                } catch (NumberFormatException e) {
                    throw new IdOutOfRange();
                }
            } else {
                message.set(name, JsonTrees.value(parser, value));
            }
        }
        return message;
    }

    /**
     * The key that matches request ids: a number by its value, however it is spelled (a cancellation names its
     * request by the same number, read like any other value), a string as itself.
     */
    static Object key(JsonNode id) {
        return id.isNumber() ? id.decimalValue().stripTrailingZeros() : id.asText();
    }

    private Inbound classify(ObjectNode message) {
        JsonNode id = message.get("id");
        JsonNode replyId = usableId(id) ? id : NullNode.getInstance();
        if (hasLoneSurrogateName(message)) {
            return new Fault(replyId, INVALID_REQUEST, LONE_SURROGATE);
        }
        JsonNode version = message.get("jsonrpc");
        if (version == null || !version.isTextual() || !version.textValue().equals("2.0")) {
            return new Fault(replyId, INVALID_REQUEST, "Invalid request: \"jsonrpc\" must be \"2.0\"");
        }
        if (id != null && !usableId(id)) {
            return new Fault(NullNode.getInstance(), INVALID_REQUEST, "Invalid request: \"id\" must be a string or "
                    + "a number, was " + kind(id) + (id.isTextual() ? " that is not valid Unicode" : ""));
        }
        JsonNode method = message.get("method");
        if (method == null) {
            if (id != null && (message.has("result") || message.has("error"))) {
                return new Response(id, message.get("result"), message.get("error"));
            }
            return new Fault(replyId, INVALID_REQUEST, "Invalid request: \"method\" is missing");
        }
        if (!method.isTextual()) {
            return new Fault(replyId, INVALID_REQUEST, "Invalid request: \"method\" must be a string, was "
                    + kind(method));
        }
        JsonNode params = message.get("params");
        if (params != null && params.isNull()) {
            params = null;
        }
        if (params != null && !params.isContainerNode()) {
            return new Fault(replyId, INVALID_REQUEST, "Invalid request: \"params\" must be an object, was "
                    + kind(params));
        }
        return id == null ? new Notification(method.textValue(), params)
                : new Request(id, method.textValue(), params);
    }

    /**
     * Reads the top-level {@code id} of a line that could not be decoded as a whole (not JSON, too deep,
     * too long): a streaming scan that stops at the id or at the first error.
     */
    private JsonNode idOf(byte[] bytes, int length) {
        try (JsonParser parser = idScanner.createParser(bytes, 0, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return NullNode.getInstance();
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("id".equals(name)) {
                    if (value == JsonToken.VALUE_STRING && validUnicode(parser.getText())) {
                        return JsonNodeFactory.instance.textNode(parser.getText());
                    }
                    if (value != null && value.isNumeric()) {
                        return ExactNumberNode.of(parser.getText());
                    }
                    return NullNode.getInstance();
                }
                parser.skipChildren();
            }
        } catch (IOException | RuntimeException e) {
            // the id is not readable before the damage
        }
        return NullNode.getInstance();
    }

    private static boolean usableId(JsonNode id) {
        return id != null && (id.isNumber() || id.isTextual() && validUnicode(id.textValue()));
    }

    private static boolean hasLoneSurrogateName(JsonNode node) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                if (!validUnicode(entry.getKey()) || hasLoneSurrogateName(entry.getValue())) {
                    return true;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                if (hasLoneSurrogateName(element)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether every surrogate in {@code text} is half of a pair. */
    static boolean validUnicode(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A client-sent value made safe to quote in an error message: at most {@value #ECHO_LIMIT}
     * characters, control characters and lone surrogates replaced, so an error never grows with the
     * input nor fails to encode.
     */
    static String echo(String value) {
        StringBuilder out = new StringBuilder(Math.min(value.length(), ECHO_LIMIT) + 8);
        int i = 0;
        while (i < value.length() && out.length() < ECHO_LIMIT) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                out.append(c).append(value.charAt(i + 1));
                i += 2;
                continue;
            }
            out.append(Character.isSurrogate(c) || Character.isISOControl(c) ? '\uFFFD' : c);
            i++;
        }
        if (i < value.length()) {
            out.append("… (").append(value.length()).append(" characters)");
        }
        return out.toString();
    }

    /** What kind of JSON value a node is, in the words of an error message. */
    static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case STRING, BINARY -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL, MISSING -> "null";
        };
    }

    /** A numeric id whose exponent no decimal can hold. */
    private static final class IdOutOfRange extends IOException {

        private static final long serialVersionUID = 1L;

        IdOutOfRange() {
            super("the id is a number out of range");
        }
    }

    private static String constraintMessage(StreamConstraintsException e) {
        String detail = e.getOriginalMessage();
        if (detail != null && detail.contains("nesting depth")) {
            return "Invalid request: nested deeper than " + MAX_NESTING + " levels";
        }
        return "Invalid request: a value in the message is longer than the server accepts";
    }

    private static String parseMessage(IOException e) {
        String where = "";
        if (e instanceof JsonProcessingException processing && processing.getLocation() != null
                && processing.getLocation().getColumnNr() > 0) {
            where = " (near column " + processing.getLocation().getColumnNr() + ")";
        }
        String detail = e instanceof CharConversionException || String.valueOf(e.getMessage()).contains("UTF-8")
                ? "the line is not valid UTF-8" : "the line is not valid JSON";
        return "Parse error: " + detail + where;
    }
}
