package dev.colony.bench;

import dev.colony.mcp.transport.StdioServer;
import dev.colony.mcp.transport.ToolHost;
import dev.colony.mcp.transport.TransportLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Colony's stdio transport serving a host inside the bench JVM over two OS pipes, with the client side
 * the bench drives: write request lines, read answer lines. This is the whole protocol path of a real
 * MCP client except process creation; the wire is initialized when it is made.
 */
final class McpWire implements AutoCloseable {

    private final OutputStream toServer;
    private final InputStream fromServer;
    private final CompletableFuture<StdioServer.Outcome> serving = new CompletableFuture<>();
    private long lastId;
    private byte[] line = new byte[4096];
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;

    McpWire(ToolHost host, TransportLimits limits) throws IOException {
        Pipe in = Pipe.open();
        Pipe out = Pipe.open();
        toServer = Channels.newOutputStream(in.sink());
        fromServer = Channels.newInputStream(out.source());
        StdioServer server = new StdioServer(host, limits);
        InputStream serverIn = Channels.newInputStream(in.source());
        OutputStream serverOut = Channels.newOutputStream(out.sink());
        Thread thread = new Thread(() -> {
            try {
                serving.complete(server.serve(serverIn, serverOut));
            } catch (Throwable e) {
                serving.completeExceptionally(e);
            }
        }, "bench-mcp-serve");
        thread.setDaemon(true);
        thread.start();
        String initialized = call((McpStartScenario.INITIALIZE + "{\"jsonrpc\":\"2.0\",\"method\":"
                + "\"notifications/initialized\"}\n").getBytes(StandardCharsets.UTF_8));
        if (!initialized.contains("\"protocolVersion\"")) {
            throw new IllegalStateException("the server did not answer initialize: " + initialized);
        }
    }

    /** Sends one request line ({@code request} must end with a newline). */
    void send(byte[] request) throws IOException {
        toServer.write(request);
        toServer.flush();
    }

    /** Reads the next answer line. */
    String readLine() throws IOException {
        int length = 0;
        while (true) {
            if (position == limit) {
                limit = fromServer.read(buffer, 0, buffer.length);
                position = 0;
                if (limit < 0) {
                    throw new IOException("the server closed its output");
                }
            }
            byte b = buffer[position++];
            if (b == '\n') {
                return new String(line, 0, length, StandardCharsets.UTF_8);
            }
            if (length == line.length) {
                line = Arrays.copyOf(line, length * 2);
            }
            line[length++] = b;
        }
    }

    /** Sends a request and returns its answer; only for one call at a time. */
    String call(byte[] request) throws IOException {
        send(request);
        return readLine();
    }

    /** A request id not used before on this wire. */
    long nextId() {
        return ++lastId;
    }

    /**
     * Calls {@code tool} once with each of {@code arguments} (JSON objects), each call after the
     * previous answer; records each round trip and the whole loop's wall time into {@code into}
     * unless it is {@code null} (a warm-up).
     */
    void callEach(String tool, List<String> arguments, Latencies into) throws IOException {
        long start = System.nanoTime();
        for (String argument : arguments) {
            byte[] request = toolCall(nextId(), tool, argument);
            long t0 = System.nanoTime();
            String answer = call(request);
            long elapsed = System.nanoTime() - t0;
            expectOk(answer);
            if (into != null) {
                into.record(elapsed);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
    }

    /** A request line for {@code tools/call}. */
    static byte[] toolCall(long id, String tool, String argumentsJson) {
        return ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + argumentsJson + "}}\n").getBytes(StandardCharsets.UTF_8);
    }

    /** A JSON string literal of {@code text} (the bench's texts hold no quotes or backslashes). */
    static String quote(String text) {
        return "\"" + text + "\"";
    }

    /** Fails when an answer is not a successful tool result. */
    static void expectOk(String answer) {
        if (!answer.contains("\"isError\":false")) {
            throw new IllegalStateException("the call failed: " + answer.substring(0, Math.min(answer.length(), 300)));
        }
    }

    @Override
    public void close() throws IOException {
        toServer.close();
        try {
            serving.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("the server did not end after its input closed", e);
        }
        fromServer.close();
    }
}
