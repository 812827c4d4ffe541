package dev.colony.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code mcp.process.write} and {@code mcp.process.search}: the MCP server process as a client meets it
 * ({@code java -jar colony-mcp.jar mcp}, keyword-only: {@code COLONY_EMBEDDING_MODEL=none}), driven over its stdin
 * and stdout one request at a time, against the client's echo floor measured in the same run: a tool call that
 * does nothing, on {@link MinimalSdkServer} with its echo tool, launched the same way. The two alternate in rounds
 * after both are warmed up.
 *
 * <p>{@code mcp.process.write} times {@code memory_add}; its ratio is echo / write (1 would be a write as cheap as
 * an echo). {@code mcp.process.search} writes a memory holding a word no other holds, then times the {@code search}
 * for that word, which must find it; its target is the p50 of that search. The note gives Colony's own
 * {@code ping} round trip (the transport without a tool) for comparison. {@code size} is the measured operations.
 */
final class McpProcessScenario implements Scenario {

    static final double MIN_ECHO_RATIO = 0.7;
    static final double SEARCH_TARGET_P50_MILLIS = 2.0;
    private static final int WARM_UP = 3_000;

    private final boolean search;

    /** The write ({@code false}) or the write-then-search ({@code true}) scenario. */
    McpProcessScenario(boolean search) {
        this.search = search;
    }

    @Override
    public String name() {
        return search ? "mcp.process.search" : "mcp.process.write";
    }

    @Override
    public int defaultSize() {
        return 3_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        Path home = Files.createDirectories(options.workDir().resolve("home"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> colonyCommand = List.of(java, "-jar", McpStartScenario.serverJar().toString(), "mcp", "--db",
                options.workDir().resolve("colony.db").toString(), "--user", "bench", "--agent", "bench");
        List<String> echoCommand = List.of(java, "-cp", System.getProperty("java.class.path"),
                MinimalSdkServer.class.getName(), MinimalSdkServer.ECHO);
        int perRound = Math.max(1, size / options.rounds());
        Latencies subject = new Latencies(perRound * options.rounds());
        Latencies echo = new Latencies(perRound * options.rounds());
        Latencies ping = new Latencies(perRound * options.rounds());
        long found = 0;
        long serial = 0;
        try (Server colony = Server.start(colonyCommand, home); Server echoServer = Server.start(echoCommand, home)) {
            for (int i = 0; i < WARM_UP; i++) {
                operate(colony, serial++, null);
                echoServer.call("tools/call", echoArguments(i), null);
                colony.call("ping", null, null);
            }
            for (int round = 0; round < options.rounds(); round++) {
                long start = System.nanoTime();
                for (int i = 0; i < perRound; i++) {
                    found += operate(colony, serial++, subject) ? 1 : 0;
                }
                subject.addWall(System.nanoTime() - start);
                start = System.nanoTime();
                for (int i = 0; i < perRound; i++) {
                    echoServer.call("tools/call", echoArguments(i), echo);
                }
                echo.addWall(System.nanoTime() - start);
                start = System.nanoTime();
                for (int i = 0; i < perRound; i++) {
                    colony.call("ping", null, ping);
                }
                ping.addWall(System.nanoTime() - start);
            }
        }
        double p50 = subject.percentileMillis(50);
        double ratio = echo.percentileMillis(50) / p50;
        String pings = String.format(Locale.ROOT, "Colony's ping p50 %.3f ms, echo tool p50 %.3f ms",
                ping.percentileMillis(50), echo.percentileMillis(50));
        if (search) {
            boolean met = p50 <= SEARCH_TARGET_P50_MILLIS && found == subject.count();
            return new Result(name(), size, subject, echo, "p50 of the echo / p50 of the search after a write", ratio,
                    String.format(Locale.ROOT, "p50 <= %.1f ms, all found", SEARCH_TARGET_P50_MILLIS), met,
                    String.format(Locale.ROOT, "keyword-only server process over stdio; each search follows the "
                            + "memory_add of the word it looks for and found it %d of %d times; %s", found,
                            subject.count(), pings));
        }
        return new Result(name(), size, subject, echo, "p50 of the echo / p50 of memory_add", ratio,
                String.format(Locale.ROOT, "ratio >= %.1f", MIN_ECHO_RATIO), ratio >= MIN_ECHO_RATIO,
                String.format(Locale.ROOT, "keyword-only server process over stdio, one call at a time; %s", pings));
    }

    /**
     * One measured operation: a write, or a write then the timed search for its word; whether the search found
     * the write (always true for a write alone).
     */
    private boolean operate(Server colony, long serial, Latencies into) throws IOException {
        String word = Tokens.unique("p", serial);
        String added = colony.call("tools/call", "{\"name\":\"memory_add\",\"arguments\":{\"content\":"
                + McpWire.quote("process bench note " + word) + ",\"type\":\"fact\"}}", search ? null : into);
        McpWire.expectOk(added);
        if (!search) {
            return true;
        }
        String answer = colony.call("tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":"
                + McpWire.quote(word) + ",\"limit\":3}}", into);
        McpWire.expectOk(answer);
        return answer.contains(word);
    }

    private static String echoArguments(int i) {
        return "{\"name\":\"" + MinimalSdkServer.ECHO + "\",\"arguments\":{\"n\":" + i + "}}";
    }

    /** A server process spoken to over its stdin and stdout, one request at a time. */
    private static final class Server implements AutoCloseable {

        private final Process process;
        private final OutputStream in;
        private final BufferedReader out;
        private long lastId = 1;

        private Server(Process process) {
            this.process = process;
            this.in = process.getOutputStream();
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        /** Launches {@code command} with {@code COLONY_HOME} and keyword-only search, and initializes it. */
        static Server start(List<String> command, Path home) throws IOException {
            ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command))
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().keySet().removeIf(name -> name.startsWith("COLONY_"));
            builder.environment().put("COLONY_HOME", home.toString());
            builder.environment().put("COLONY_EMBEDDING_MODEL", "none");
            Server server = new Server(builder.start());
            server.in.write(McpStartScenario.HANDSHAKE.getBytes(StandardCharsets.UTF_8));
            server.in.flush();
            String answer = server.out.readLine();
            if (answer == null || !answer.contains("\"protocolVersion\"")) {
                server.close();
                throw new IllegalStateException(command.get(command.size() - 1) + " did not answer initialize: "
                        + answer);
            }
            return server;
        }

        /** Sends one request and reads its answer; records the round trip into {@code into} unless it is null. */
        String call(String method, String params, Latencies into) throws IOException {
            byte[] request = ("{\"jsonrpc\":\"2.0\",\"id\":" + (++lastId) + ",\"method\":\"" + method + "\""
                    + (params == null ? "" : ",\"params\":" + params) + "}\n").getBytes(StandardCharsets.UTF_8);
            long t0 = System.nanoTime();
            in.write(request);
            in.flush();
            String answer = out.readLine();
            long elapsed = System.nanoTime() - t0;
            if (answer == null) {
                throw new IOException("the server closed its output");
            }
            if (into != null) {
                into.record(elapsed);
            }
            return answer;
        }

        @Override
        public void close() throws IOException {
            in.close();
            McpServerProcess.stop(process, 2);
        }
    }
}
