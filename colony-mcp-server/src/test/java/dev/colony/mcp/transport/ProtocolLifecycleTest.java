package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The connection's lifecycle and ids at the byte level, serving the real tools on a real SQLite store: nothing but
 * {@code initialize} and {@code ping} is served before {@code initialize}, which is accepted once; every id comes
 * back as the very JSON text the client sent.
 */
class ProtocolLifecycleTest extends ServedColonyTest {

    private static final String ADD = "{\"name\":\"memory_add\",\"arguments\":{\"content\":\"Written before the "
            + "handshake, which must not happen.\",\"type\":\"fact\"}}";

    @Test
    void beforeInitializeOnlyPingIsServedAndNothingIsWritten() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            wire.request(1, "tools/call", ADD);
            JsonNode refused = wire.response(1);
            assertThat(refused.has("result")).as(refused.toString()).isFalse();
            assertThat(refused.get("error").get("code").asInt()).isEqualTo(JsonRpcCodec.SERVER_NOT_INITIALIZED);
            assertThat(refused.get("error").get("message").asText()).contains("initialize");
            wire.request(2, "tools/list", null);
            assertThat(wire.response(2).get("error").get("code").asInt())
                    .isEqualTo(JsonRpcCodec.SERVER_NOT_INITIALIZED);
            wire.request(3, "ping", null);
            assertThat(wire.response(3).get("result").isObject()).isTrue();

            wire.initialize("late-client");
            wire.request(4, "tools/call", "{\"name\":\"list_sessions\",\"arguments\":{}}");
            assertThat(wire.response(4).get("result").get("isError").asBoolean()).isFalse();
        }
        assertThat(colony.as(session.actor()).memories().timeline(session.id(), null, 10)).as("the refused call "
                + "wrote nothing").isEmpty();
    }

    @Test
    void aSecondInitializeIsRefusedAndTheFirstStands() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            wire.initialize("first-client");
            wire.request(1, "initialize", "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"second-client\",\"version\":\"2\"}}");
            JsonNode refused = wire.response(1);
            assertThat(refused.has("result")).as(refused.toString()).isFalse();
            assertThat(refused.get("error").get("code").asInt()).isEqualTo(JsonRpcCodec.INVALID_REQUEST);
            wire.request(2, "tools/call", "{\"name\":\"list_sessions\",\"arguments\":{}}");
            assertThat(wire.response(2).get("result").get("isError").asBoolean()).isFalse();
        }
        assertThat(colony.as(session.actor()).sessions().find(session.id()).orElseThrow().ide())
                .isEqualTo("first-client");
    }

    @Test
    void idsComeBackAsTheJsonTextTheClientSent() throws Exception {
        try (StdioWire wire = StdioWire.start(tools, TransportLimits.defaults())) {
            wire.initialize("ids");
            String[] ids = {"123456789012345678901234567890", "123456789012345678901234567890.0",
                "1.2345678901234568e+29", "1e3", "-0", "0.10", "-7", "9007199254740993", "\"s-1\""};
            for (String id : ids) {
                wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}");
                assertThat(wire.nextLine()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}");
            }
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890.5,\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"list_sessions\",\"arguments\":{\"limit\":1}}}");
            assertThat(wire.nextLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890.5,"
                    + "\"result\":");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":4.50,\"method\":\"no/such\"}");
            assertThat(wire.nextLine()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":4.50,\"error\":");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"ping\"");
            assertThat(wire.nextLine()).as("a line cut short still gets its id back")
                    .startsWith("{\"jsonrpc\":\"2.0\",\"id\":1e400,\"error\":");
        }
    }
}
