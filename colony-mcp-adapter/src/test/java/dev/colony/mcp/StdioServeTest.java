package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.tool.ToolContext;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stdio transport in-process: raw JSON-RPC lines in, responses out, and return at end of input. */
class StdioServeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 30;

    @TempDir
    Path dir;

    private Colony colony;
    private ExecutorService executor;

    @BeforeEach
    void open() {
        colony = EmbeddedColony.open(dir.resolve("colony.db"));
        executor = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void close() {
        executor.shutdownNow();
        colony.close();
    }

    @Test
    void servesRequestsAndReturnsWhenInputEnds() throws Exception {
        Session session = colony.sessions().ensure(SessionStart.of("alice", "agent"));
        ColonyMcpServer server = new ColonyMcpServer(new ToolContext(colony, session.user(), "agent", session.id()));
        Wire wire = Wire.open();
        PipedOutputStream clientOut = wire.clientOut();
        PipedInputStream serverIn = wire.serverIn();
        PipedOutputStream serverOut = wire.serverOut();
        BufferedReader clientIn = wire.clientIn();

        Future<?> serving = executor.submit(() -> server.serve(serverIn, serverOut));

        send(clientOut, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test-client\",\"version\":\"1\"}}}");
        JsonNode init = read(clientIn);
        assertThat(init.get("id").asInt()).isEqualTo(1);
        assertThat(init.get("result").get("serverInfo").get("name").asText()).isEqualTo("colony");
        send(clientOut, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

        send(clientOut, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\","
                + "\"arguments\":{\"content\":\"Piped transport test memory is stored.\",\"type\":\"fact\"}}}");
        JsonNode added = read(clientIn);
        assertThat(added.get("id").asInt()).isEqualTo(2);
        assertThat(added.get("result").get("isError").asBoolean()).isFalse();
        JsonNode payload = JSON.readTree(added.get("result").get("content").get(0).get("text").asText());
        assertThat(payload.get("type").asText()).isEqualTo("fact");

        clientOut.close();
        serving.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(serving.isDone()).isTrue();
        assertThat(colony.as(session.actor()).sessions().find(session.id()).orElseThrow().ide()).isEqualTo("test-client");
    }

    @Test
    void answersEveryRequestOfAClientThatClosesItsInputRightAway() throws Exception {
        Session session = colony.sessions().ensure(SessionStart.of("alice", "agent"));
        ColonyMcpServer server = new ColonyMcpServer(new ToolContext(colony, session.user(), "agent", session.id()));
        Wire wire = Wire.open();
        PipedOutputStream clientOut = wire.clientOut();
        PipedInputStream serverIn = wire.serverIn();
        PipedOutputStream serverOut = wire.serverOut();
        BufferedReader clientIn = wire.clientIn();

        send(clientOut, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"batch\",\"version\":\"1\"}}}");
        send(clientOut, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        for (int id = 2; id <= 4; id++) {
            send(clientOut, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"memory_add\",\"arguments\":{\"content\":\"Batch memory " + id + " is stored.\"}}}");
        }
        clientOut.close();

        Future<?> serving = executor.submit(() -> server.serve(serverIn, serverOut));
        for (int id = 1; id <= 4; id++) {
            assertThat(read(clientIn).get("id").asInt()).isEqualTo(id);
        }
        serving.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(colony.as(session.actor()).memories().timeline(session.id(), null, 10)).hasSize(3);
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private JsonNode read(BufferedReader in) throws Exception {
        Future<String> line = executor.submit(in::readLine);
        String text = line.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(text).as("server closed its output").isNotNull();
        return JSON.readTree(text);
    }

    /** Both directions of an in-memory stdio connection between a test client and the server. */
    private record Wire(
            PipedOutputStream clientOut, PipedInputStream serverIn, PipedOutputStream serverOut, BufferedReader clientIn) {

        static Wire open() throws IOException {
            PipedOutputStream clientOut = new PipedOutputStream();
            PipedInputStream serverIn = new PipedInputStream(clientOut, 1 << 16);
            PipedOutputStream serverOut = new PipedOutputStream();
            BufferedReader clientIn = new BufferedReader(
                    new InputStreamReader(new PipedInputStream(serverOut, 1 << 16), StandardCharsets.UTF_8));
            return new Wire(clientOut, serverIn, serverOut, clientIn);
        }
    }
}
