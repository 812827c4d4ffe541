package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link StdioServer} on real OS pipes inside the test JVM, with a client side that writes lines and
 * reads the answers on a background thread. Every wait is bounded.
 */
final class StdioWire implements AutoCloseable {

    static final long TIMEOUT_SECONDS = 30;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String END = "\u0000end";

    private final OutputStream clientOut;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Map<String, JsonNode> unclaimed = new HashMap<>();
    private final CompletableFuture<StdioServer.Outcome> serving = new CompletableFuture<>();

    private StdioWire(StdioServer server) throws IOException {
        Pipe toServer = Pipe.open();
        Pipe fromServer = Pipe.open();
        this.clientOut = Channels.newOutputStream(toServer.sink());
        InputStream serverIn = Channels.newInputStream(toServer.source());
        OutputStream serverOut = Channels.newOutputStream(fromServer.sink());
        InputStream clientIn = Channels.newInputStream(fromServer.source());
        Thread serve = new Thread(() -> {
            try {
                serving.complete(server.serve(serverIn, serverOut));
            } catch (Throwable e) {
                serving.completeExceptionally(e);
            }
        }, "test-serve");
        serve.setDaemon(true);
        serve.start();
        Thread read = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            } finally {
                lines.add(END);
            }
        }, "test-client-read");
        read.setDaemon(true);
        read.start();
    }

    /** Starts serving {@code host}. */
    static StdioWire start(ToolHost host, TransportLimits limits) throws IOException {
        return new StdioWire(new StdioServer(host, limits));
    }

    /** Sends one line (a newline is added). */
    void send(String line) throws IOException {
        sendBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Sends raw bytes. */
    void sendBytes(byte[] bytes) throws IOException {
        clientOut.write(bytes);
        clientOut.flush();
    }

    /** Sends a JSON-RPC request with a numeric id. */
    void request(int id, String method, String params) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}");
    }

    /** Sends {@code initialize} and {@code notifications/initialized} and returns the answer. */
    JsonNode initialize(String clientName) throws Exception {
        request(0, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\""
                + clientName + "\",\"version\":\"1\"}}");
        JsonNode answer = response(0);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return answer;
    }

    /** The next message the server wrote, whatever its id. */
    JsonNode next() throws Exception {
        return JSON.readTree(nextLine());
    }

    /** The next line the server wrote, as it wrote it. */
    String nextLine() throws Exception {
        String line = lines.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(line).as("a message from the server within %ss", TIMEOUT_SECONDS).isNotNull();
        assertThat(line).as("the server ended its output").isNotEqualTo(END);
        return line;
    }

    /** The answer to request {@code id} (a JSON number or string); other answers are kept for later. */
    JsonNode response(Object id) throws Exception {
        String key = JSON.valueToTree(id).toString();
        JsonNode kept = unclaimed.remove(key);
        if (kept != null) {
            return kept;
        }
        while (true) {
            JsonNode message = next();
            String messageKey = message.get("id").toString();
            if (messageKey.equals(key)) {
                return message;
            }
            unclaimed.put(messageKey, message);
        }
    }

    /** Closes the client's side of the input: the server sees the end of input. */
    void closeInput() throws IOException {
        clientOut.close();
    }

    /** Waits for {@code serve} to return. */
    StdioServer.Outcome awaitEnd() throws Exception {
        return serving.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Whether {@code serve} has returned. */
    boolean ended() {
        return serving.isDone();
    }

    /** Every message left, up to the end of the server's output (not yet claimed ones included). */
    List<JsonNode> rest() throws Exception {
        List<JsonNode> rest = new ArrayList<>(unclaimed.values());
        unclaimed.clear();
        while (true) {
            String line = lines.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(line).as("the server ends its output within %ss", TIMEOUT_SECONDS).isNotNull();
            if (line.equals(END)) {
                return rest;
            }
            rest.add(JSON.readTree(line));
        }
    }

    @Override
    public void close() throws IOException {
        try {
            clientOut.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
