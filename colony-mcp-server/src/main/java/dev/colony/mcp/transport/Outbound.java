package dev.colony.mcp.transport;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.tool.json.JsonTrees;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way out to the client: each message is encoded on the sending thread, then written and
 * flushed as one line under a lock, so that lines from concurrent calls never interleave.
 *
 * <p>A response that cannot be encoded (a tool result holding text that is not valid Unicode) is
 * replaced by an internal error for the same id, so the client is never left waiting. When the client
 * stops reading (a broken pipe), later messages are dropped and the failure is logged once; reading
 * goes on until the input ends.
 */
final class Outbound {

    private static final Logger LOG = LoggerFactory.getLogger(Outbound.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final byte[] RESULT_KEY = ",\"result\":".getBytes(StandardCharsets.US_ASCII);

    private final JsonFactory json;
    private final OutputStream out;
    private final Object lock = new Object();
    private boolean broken;
    private boolean closed;

    Outbound(OutputStream out, JsonFactory json) {
        this.out = new BufferedOutputStream(out, 64 * 1024);
        this.json = json;
    }

    /** Sends the successful answer to request {@code id}. */
    void result(JsonNode id, JsonNode result) {
        ObjectNode message = envelope(id);
        message.set("result", result);
        byte[] line;
        try {
            line = encode(message);
        } catch (IOException | RuntimeException e) {
            LOG.error("the answer to request {} could not be encoded: {}", id, e.toString());
            error(id, JsonRpcCodec.INTERNAL_ERROR, "Internal error: the answer could not be encoded as JSON text "
                    + "(it held text that is not valid Unicode)");
            return;
        }
        write(line);
    }

    /**
     * Sends the successful answer to request {@code id} whose result is {@code encodedResult}, JSON text
     * {@linkplain #encode encoded} once beforehand (an answer served many times, such as the tool list).
     */
    void result(JsonNode id, byte[] encodedResult) {
        byte[] head;
        try {
            head = encode(envelope(id));
        } catch (IOException | RuntimeException e) {
            LOG.error("the envelope of request {} could not be encoded: {}", id, e.toString());
            return;
        }
        // The envelope {"jsonrpc":"2.0","id":…} without its closing brace, then the result.
        byte[] line = new byte[head.length - 1 + RESULT_KEY.length + encodedResult.length + 1];
        System.arraycopy(head, 0, line, 0, head.length - 1);
        System.arraycopy(RESULT_KEY, 0, line, head.length - 1, RESULT_KEY.length);
        System.arraycopy(encodedResult, 0, line, head.length - 1 + RESULT_KEY.length, encodedResult.length);
        line[line.length - 1] = '}';
        write(line);
    }

    /** Sends an error answer; {@code id} is JSON {@code null} when the request's id is unknown. */
    void error(JsonNode id, int code, String message) {
        ObjectNode envelope = envelope(id == null ? NullNode.getInstance() : id);
        ObjectNode error = envelope.putObject("error");
        error.put("code", code);
        error.put("message", message);
        try {
            write(encode(envelope));
        } catch (IOException | RuntimeException e) {
            LOG.error("an error answer could not be encoded: {}", e.toString());
        }
    }

    /** Sends a request of the server's own to the client; its answer comes back as a response with {@code id}. */
    void request(JsonNode id, String method, JsonNode params) {
        ObjectNode message = envelope(id);
        message.put("method", method);
        message.set("params", params);
        try {
            write(encode(message));
        } catch (IOException | RuntimeException e) {
            LOG.error("the {} request could not be encoded: {}", method, e.toString());
        }
    }

    /** Flushes and closes the output; later messages are dropped. */
    void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                out.close();
            } catch (IOException e) {
                LOG.debug("closing the protocol output failed: {}", e.toString());
            }
        }
    }

    /** {@code message} as one line of JSON text (without the line break). */
    byte[] encode(JsonNode message) throws IOException {
        try (ByteArrayBuilder bytes = new ByteArrayBuilder(512)) {
            try (JsonGenerator generator = json.createGenerator(bytes)) {
                JsonTrees.write(generator, message);
            }
            return bytes.toByteArray();
        }
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode message = NODES.objectNode();
        message.put("jsonrpc", "2.0");
        message.set("id", id);
        return message;
    }

    private void write(byte[] line) {
        synchronized (lock) {
            if (broken || closed) {
                return;
            }
            try {
                out.write(line);
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                broken = true;
                LOG.warn("the client stopped reading the server's output ({}); further answers are dropped",
                        e.toString());
            }
        }
    }
}
