package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.mcp.ColonyMcpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server process at the byte level: every line it writes to stdout is a JSON-RPC message, logs go
 * to stderr, and it exits on its own, closing its session, when stdin closes.
 */
class StdioProtocolIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 90;
    private static final String END = "\u0000end-of-stdout";

    @TempDir
    Path dir;

    /** A running server with its stdout read line by line on a background thread. */
    private static final class Server implements AutoCloseable {

        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final List<String> seen = new ArrayList<>();
        final OutputStream stdin;

        Server(Process process) {
            this.process = process;
            this.stdin = process.getOutputStream();
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("read failed: " + e);
                } finally {
                    lines.add(END);
                }
            }, "stdout-reader");
            reader.setDaemon(true);
            reader.start();
        }

        void send(String json) throws IOException {
            stdin.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        /** The next stdout line, failing after the timeout. */
        String next() throws InterruptedException {
            String line = lines.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(line).as("a line from the server within %ss", TIMEOUT_SECONDS).isNotNull();
            if (!END.equals(line)) {
                seen.add(line);
            }
            return line;
        }

        /** Reads stdout until the response with this id; every line must be JSON-RPC. */
        JsonNode response(int id) throws Exception {
            while (true) {
                String line = next();
                assertThat(line).as("server ended before answering request %s", id).isNotEqualTo(END);
                JsonNode message = JSON.readTree(line);
                if (message.has("id") && message.get("id").asInt() == id) {
                    return message;
                }
            }
        }

        /** Closes stdin and waits for the process to exit and stdout to end. */
        int closeAndWait() throws Exception {
            stdin.close();
            assertThat(process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("server exits after stdin closes")
                    .isTrue();
            while (!END.equals(next())) {
                // drain what is left: it is checked like every other line
            }
            return process.exitValue();
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }

    private Server start(String... args) throws IOException {
        Path stderr = dir.resolve("stderr-" + System.nanoTime() + ".txt");
        Process process = ColonyJar.builder(Map.of("COLONY_HOME", dir.resolve("home").toString()), args)
                .redirectError(stderr.toFile())
                .start();
        return new Server(process);
    }

    private static void initialize(Server server) throws Exception {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw-client\",\"version\":\"0\"}}}");
        JsonNode init = server.response(1);
        assertThat(init.get("result").get("serverInfo").get("name").asText()).isEqualTo("colony");
        server.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    @Test
    void stdoutCarriesOnlyProtocolAndTheServerExitsWhenStdinCloses() throws Exception {
        Path db = dir.resolve("colony.db");
        // No subcommand: 'colony' alone is the MCP server.
        try (Server server = start("--db", db.toString(), "--user", "bob", "--agent", "raw")) {
            initialize(server);
            server.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            assertThat(server.response(2).get("result").get("tools")).hasSize(ColonyMcpServer.defaultTools().size());
            server.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\","
                    + "\"arguments\":{\"content\":\"Raw protocol test: the\\nserver keeps one JSON message per line.\"}}}");
            JsonNode added = server.response(3);
            assertThat(added.get("result").get("isError").asBoolean()).isFalse();
            server.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
                    + "\"arguments\":{\"query\":\"raw protocol\",\"limit\":\"ten\"}}}");
            JsonNode refused = server.response(4);
            assertThat(refused.get("result").get("isError").asBoolean()).isTrue();
            assertThat(refused.get("result").get("content").get(0).get("text").asText())
                    .contains("\"code\":\"INVALID_ARGUMENT\"");

            assertThat(server.closeAndWait()).isZero();
            assertThat(server.seen).isNotEmpty().allSatisfy(line -> {
                JsonNode message = JSON.readTree(line);
                assertThat(message.get("jsonrpc").asText()).as(line).isEqualTo("2.0");
            });
        }
        try (Colony colony = EmbeddedColony.open(db)) {
            List<Session> sessions = colony.storage().read(tx -> tx.sessions().listByUser(UserId.of("bob"), 10));
            assertThat(sessions).hasSize(1);
            Session session = sessions.get(0);
            assertThat(session.agent()).isEqualTo("raw");
            assertThat(session.ide()).isEqualTo("raw-client");
            assertThat(session.ended()).as("the server ends the session it started").isTrue();
        }
        String log = Files.readString(firstStderr());
        assertThat(log).contains("serving " + ColonyMcpServer.defaultTools().size() + " tools");
    }

    @Test
    void aServerThatReceivesGarbageAnswersWithAnErrorAndKeepsServing() throws Exception {
        try (Server server = start("mcp", "--db", dir.resolve("garbage.db").toString(), "--user", "carol")) {
            initialize(server);
            server.send("this is not json-rpc");
            JsonNode refused = JSON.readTree(server.next());
            assertThat(refused.get("error").get("code").asInt()).isEqualTo(-32700);
            assertThat(refused.get("id").isNull()).isTrue();
            server.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\","
                    + "\"arguments\":[]}}");
            assertThat(server.response(2).get("error").get("code").asInt()).isEqualTo(-32602);
            server.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_sessions\","
                    + "\"arguments\":{}}}");
            assertThat(server.response(3).get("result").get("isError").asBoolean()).isFalse();
            assertThat(server.closeAndWait()).isZero();
        }
    }

    @Test
    void aServerWhoseStoreCannotOpenSaysWhyInEveryCallAndExitsNonZero() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "not a directory");
        try (Server server = start("mcp", "--db", notADirectory.resolve("colony.db").toString(), "--user", "dave")) {
            initialize(server);
            server.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_sessions\","
                    + "\"arguments\":{}}}");
            JsonNode failed = server.response(2);
            assertThat(failed.get("result").get("isError").asBoolean()).isTrue();
            assertThat(failed.get("result").get("content").get(0).get("text").asText())
                    .contains("STORAGE_FAILURE").contains("could not be opened");
            assertThat(server.closeAndWait()).isEqualTo(1);
        }
    }

    private Path firstStderr() throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(path -> path.getFileName().toString().startsWith("stderr-")).findFirst().orElseThrow();
        }
    }
}
