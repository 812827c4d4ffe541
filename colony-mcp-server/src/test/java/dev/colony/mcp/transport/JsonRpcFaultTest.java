package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Every kind of bad line gets the JSON-RPC error it deserves, with the request id when one can be
 * read, and the server keeps serving: a ping after each fault is answered.
 */
class JsonRpcFaultTest {

    private static JsonNode faultThenPing(StdioWire wire, String line, int pingId) throws Exception {
        wire.send(line);
        JsonNode fault = wire.next();
        wire.request(pingId, "ping", null);
        JsonNode pong = wire.response(pingId);
        assertThat(pong.get("result").isObject()).as("ping after %s", line).isTrue();
        assertThat(fault.get("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(fault.has("error")).as("answer to %s: %s", line, fault).isTrue();
        return fault;
    }

    private static void assertError(JsonNode fault, int code, Object id) {
        assertThat(fault.get("error").get("code").asInt()).as(fault.toString()).isEqualTo(code);
        assertThat(fault.get("error").get("message").asText()).as(fault.toString()).isNotBlank();
        if (id == null) {
            assertThat(fault.get("id").isNull()).as(fault.toString()).isTrue();
        } else if (id instanceof Integer number) {
            assertThat(fault.get("id").asInt()).as(fault.toString()).isEqualTo(number);
        } else {
            assertThat(fault.get("id").asText()).as(fault.toString()).isEqualTo(id);
        }
    }

    @Test
    void eachBadLineGetsItsErrorAndTheServerKeepsServing() throws Exception {
        try (StdioWire wire = StdioWire.start(new EchoHost(), TransportLimits.defaults())) {
            wire.initialize("faults");
            int ping = 1000;
            assertError(faultThenPing(wire, "this is not json-rpc", ping++), JsonRpcCodec.PARSE_ERROR, null);
            assertError(faultThenPing(wire, "", ping++), JsonRpcCodec.PARSE_ERROR, null);
            assertError(faultThenPing(wire, "   ", ping++), JsonRpcCodec.PARSE_ERROR, null);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"", ping++),
                    JsonRpcCodec.PARSE_ERROR, 7);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"} trailing", ping++),
                    JsonRpcCodec.PARSE_ERROR, 8);
            assertError(faultThenPing(wire, "[{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}]", ping++),
                    JsonRpcCodec.INVALID_REQUEST, null);
            assertError(faultThenPing(wire, "42", ping++), JsonRpcCodec.INVALID_REQUEST, null);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, null);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, null);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":10}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, 10);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":12}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, 11);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"1.0\",\"id\":12,\"method\":\"ping\"}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, 12);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":3}", ping++),
                    JsonRpcCodec.INVALID_REQUEST, 13);
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":\"s-14\",\"method\":\"ping\",\"params\":"
                    + "{\"\\ud800\":1}}", ping++), JsonRpcCodec.INVALID_REQUEST, "s-14");
            String deep = "[".repeat(1001) + "]".repeat(1001);
            JsonNode tooDeep = faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"echo\",\"arguments\":{\"x\":" + deep + "}}}", ping++);
            assertError(tooDeep, JsonRpcCodec.INVALID_REQUEST, 15);
            assertThat(tooDeep.get("error").get("message").asText()).contains("1000");
            assertError(faultThenPing(wire, "{\"jsonrpc\":\"2.0\",\"id\":16,\"method\":\"resources/list\"}", ping++),
                    JsonRpcCodec.METHOD_NOT_FOUND, 16);
            byte[] invalidUtf8 = "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"ping\",\"params\":{\"a\":\"\u00ff\"}}\n"
                    .getBytes(StandardCharsets.ISO_8859_1);
            wire.sendBytes(invalidUtf8);
            assertError(wire.next(), JsonRpcCodec.PARSE_ERROR, 17);

            wire.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}");
            wire.request(ping, "ping", null);
            assertThat(wire.next().get("id").asInt()).as("a client's response is not answered").isEqualTo(ping);
        }
    }

    @Test
    void malformedToolCallsGetInvalidParamsWithAPlainMessage() throws Exception {
        try (StdioWire wire = StdioWire.start(new EchoHost(), TransportLimits.defaults())) {
            wire.initialize("params");
            wire.request(1, "tools/call", null);
            assertError(wire.response(1), JsonRpcCodec.INVALID_PARAMS, 1);
            wire.request(2, "tools/call", "{\"name\":\"echo\",\"arguments\":[1,2]}");
            JsonNode array = wire.response(2);
            assertError(array, JsonRpcCodec.INVALID_PARAMS, 2);
            assertThat(array.get("error").get("message").asText())
                    .isEqualTo("tools/call echo: arguments must be an object, was an array");
            wire.request(3, "tools/call", "{\"name\":\"no_such_tool\",\"arguments\":{}}");
            JsonNode unknown = wire.response(3);
            assertError(unknown, JsonRpcCodec.INVALID_PARAMS, 3);
            assertThat(unknown.get("error").get("message").asText()).contains("no_such_tool");
            wire.request(4, "tools/call", "{\"arguments\":{}}");
            assertThat(wire.response(4).get("error").get("message").asText()).contains("name");
            wire.request(5, "tools/call", "{\"name\":\"" + "x".repeat(100_000) + "\"}");
            JsonNode longName = wire.response(5);
            assertError(longName, JsonRpcCodec.INVALID_PARAMS, 5);
            assertThat(longName.get("error").get("message").asText()).hasSizeLessThan(300);
            wire.request(6, "tools/call", "{\"name\":\"echo\"}");
            assertThat(wire.response(6).get("result").get("content").get(0).get("text").asText()).isEqualTo("{}");
        }
    }

    @Test
    void aLineOverTheLimitIsRefusedWithItsIdAndTheNextLineIsServed() throws Exception {
        try (StdioWire wire = StdioWire.start(new EchoHost(), TransportLimits.defaults())) {
            wire.initialize("big");
            byte[] filler = new byte[TransportLimits.DEFAULT_MAX_LINE_BYTES + 1024 * 1024];
            Arrays.fill(filler, (byte) 'a');
            String head = "{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                    + "\"arguments\":{\"text\":\"";
            Thread writer = new Thread(() -> {
                try {
                    wire.sendBytes(head.getBytes(StandardCharsets.UTF_8));
                    wire.sendBytes(filler);
                    wire.send("\"}}}");
                    wire.request(22, "ping", null);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            JsonNode refused = wire.response(21);
            assertError(refused, JsonRpcCodec.INVALID_REQUEST, 21);
            assertThat(refused.get("error").get("message").asText()).contains("bytes");
            assertThat(wire.response(22).get("result").isObject()).isTrue();
            writer.join(StdioWire.TIMEOUT_SECONDS * 1000);
        }
    }
}
