package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.mcp.ColonyMcpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The transport over real pipes, serving the real Colony tools on a real SQLite store and Lucene index. */
class StdioServerTest extends ServedColonyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String add(String content) {
        return "{\"name\":\"memory_add\",\"arguments\":{\"content\":\"" + content + "\",\"type\":\"fact\"}}";
    }

    private static JsonNode payload(JsonNode response) throws IOException {
        assertThat(response.get("result").get("isError").asBoolean()).as(response.toString()).isFalse();
        return JSON.readTree(response.get("result").get("content").get(0).get("text").asText());
    }

    @Test
    void answersTheHandshakeListsToolsRunsACallAndReturnsAtTheEndOfInput() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            JsonNode init = wire.initialize("test-client");
            assertThat(init.get("result").get("protocolVersion").asText()).isEqualTo("2025-06-18");
            assertThat(init.get("result").get("serverInfo").get("name").asText()).isEqualTo("colony");
            assertThat(init.get("result").get("capabilities").has("tools")).isTrue();
            assertThat(init.get("result").get("instructions").asText()).contains("memory_add");

            wire.request(1, "tools/list", null);
            assertThat(wire.response(1).get("result").get("tools")).hasSize(ColonyMcpServer.defaultTools().size());
            wire.request(2, "tools/call", add("Piped transport test memory is stored."));
            assertThat(payload(wire.response(2)).get("type").asText()).isEqualTo("fact");

            wire.closeInput();
            assertThat(wire.awaitEnd()).isEqualTo(StdioServer.Outcome.END_OF_INPUT);
            assertThat(wire.rest()).isEmpty();
        }
        assertThat(colony.as(session.actor()).sessions().find(session.id()).orElseThrow().ide())
                .isEqualTo("test-client");
    }

    @Test
    void anUnknownProtocolVersionIsAnsweredWithTheNewest() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            wire.request(1, "initialize", "{\"protocolVersion\":\"1999-01-01\",\"capabilities\":{}}");
            assertThat(wire.response(1).get("result").get("protocolVersion").asText())
                    .isEqualTo(StdioServer.PROTOCOL_VERSIONS.get(0));
        }
    }

    @RepeatedTest(20)
    void twoHundredPipedCallsThenEndOfInputGetTwoHundredAnswers() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            StringBuilder burst = new StringBuilder();
            burst.append("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"burst\",\"version\":\"1\"}}}\n");
            burst.append("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
            for (int id = 1; id <= 200; id++) {
                String params = id % 4 == 0 ? "{\"name\":\"list_sessions\",\"arguments\":{\"limit\":5}}"
                        : add("Burst memory number " + id + " is stored.");
                burst.append("{\"jsonrpc\":\"2.0\",\"id\":").append(id).append(",\"method\":\"tools/call\",\"params\":")
                        .append(params).append("}\n");
            }
            wire.send(burst.toString().stripTrailing());
            wire.closeInput();

            List<JsonNode> answers = wire.rest();
            assertThat(wire.awaitEnd()).isEqualTo(StdioServer.Outcome.END_OF_INPUT);
            Set<Integer> ids = new HashSet<>();
            for (JsonNode answer : answers) {
                assertThat(answer.has("result")).as(answer.toString()).isTrue();
                assertThat(answer.get("result").has("isError") ? answer.get("result").get("isError").asBoolean() : false)
                        .as(answer.toString()).isFalse();
                ids.add(answer.get("id").asInt());
            }
            assertThat(answers).hasSize(201);
            assertThat(ids).hasSize(201).contains(0, 1, 200);
        }
        assertThat(colony.as(session.actor()).memories().timeline(session.id(), null, 200)).hasSize(150);
    }

    @Test
    void aSlowToolDelaysNeitherAPingNorAnotherCall() throws Exception {
        GatedHost host = new GatedHost(tools);
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            wire.initialize("slow-client");
            wire.request(1, "tools/call", "{\"name\":\"slow\"}");
            assertThat(host.awaitStarted(1)).isTrue();

            wire.request(2, "ping", null);
            assertThat(wire.response(2).get("result").isObject()).isTrue();
            wire.request(3, "tools/call", add("Written while a slow call is still running."));
            assertThat(payload(wire.response(3)).get("id").asLong()).isPositive();
            wire.request(4, "tools/list", null);
            assertThat(wire.response(4).get("result").get("tools")).hasSize(ColonyMcpServer.defaultTools().size() + 1);

            host.open();
            assertThat(wire.response(1).get("result").get("content").get(0).get("text").asText())
                    .isEqualTo("slow done");
        }
    }

    @Test
    void theEndOfInputLetsARunningCallFinishAndAnswer() throws Exception {
        GatedHost host = new GatedHost(new EchoHost());
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            wire.initialize("draining");
            wire.request(1, "tools/call", "{\"name\":\"slow\"}");
            assertThat(host.awaitStarted(1)).isTrue();
            wire.closeInput();
            host.open();
            List<JsonNode> rest = wire.rest();
            assertThat(rest).singleElement().satisfies(answer -> assertThat(answer.get("id").asInt()).isEqualTo(1));
            assertThat(wire.awaitEnd()).isEqualTo(StdioServer.Outcome.END_OF_INPUT);
        }
    }

    @Test
    void callsBeyondThePoolAndQueueAreRefusedAsBusyWithoutBlockingTheReader() throws Exception {
        GatedHost host = new GatedHost(new EchoHost());
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults().withCalls(1, 1))) {
            wire.initialize("busy");
            wire.request(1, "tools/call", "{\"name\":\"slow\"}");
            assertThat(host.awaitStarted(1)).isTrue();
            wire.request(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"n\":2}}");
            wire.request(3, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"n\":3}}");
            JsonNode busy = wire.response(3);
            assertThat(busy.get("error").get("code").asInt()).isEqualTo(JsonRpcCodec.SERVER_BUSY);
            wire.request(4, "ping", null);
            assertThat(wire.response(4).get("result").isObject()).isTrue();
            host.open();
            assertThat(wire.response(1).has("result")).isTrue();
            assertThat(wire.response(2).get("result").get("content").get(0).get("text").asText()).isEqualTo("{\"n\":2}");
        }
    }

    @Test
    void aCancelledCallThatHasNotStartedNeverRunsNorAnswers() throws Exception {
        GatedHost host = new GatedHost(new EchoHost());
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults().withCalls(1, 4))) {
            wire.initialize("cancelling");
            wire.request(1, "tools/call", "{\"name\":\"slow\"}");
            assertThat(host.awaitStarted(1)).isTrue();
            wire.request(2, "tools/call", "{\"name\":\"slow\"}");
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":2,"
                    + "\"reason\":\"user gave up\"}}");
            wire.request(3, "ping", null);
            assertThat(wire.response(3).get("result").isObject()).isTrue();
            host.open();
            assertThat(wire.response(1).has("result")).isTrue();
            wire.closeInput();
            assertThat(wire.rest()).isEmpty();
            assertThat(host.uncountedStarts()).as("the cancelled call must not have run").isZero();
        }
    }

    @Test
    void anInputThatFailsEndsServingWithAFailure() throws Exception {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("stdin broke");
            }
        };
        StdioServer server = new StdioServer(new EchoHost(), TransportLimits.defaults());
        assertThat(server.serve(failing, new ByteArrayOutputStream())).isEqualTo(StdioServer.Outcome.INPUT_FAILED);
    }
}
