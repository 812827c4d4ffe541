package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code tools/list} is served from one prepared answer: the host is asked for its tools once per connection and
 * the encoded list is sent as the same bytes every time, each answer carrying its own request's id as sent.
 */
class ToolListAnswerTest {

    /** An {@link EchoHost} that counts how often its tool list is asked for. */
    private static final class CountingHost implements ToolHost {
        final EchoHost echo = new EchoHost();
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public ObjectNode serverInfo() {
            return echo.serverInfo();
        }

        @Override
        public String instructions() {
            return echo.instructions();
        }

        @Override
        public ArrayNode tools() {
            asked.incrementAndGet();
            return echo.tools();
        }

        @Override
        public boolean hasTool(String name) {
            return echo.hasTool(name);
        }

        @Override
        public ObjectNode call(String name, ObjectNode arguments) {
            return echo.call(name, arguments);
        }
    }

    @Test
    void theToolListIsAskedOnceAndEveryAnswerSendsTheSameBytesWithItsOwnId() throws Exception {
        CountingHost host = new CountingHost();
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            wire.initialize("lister");
            List<String> ids = List.of("1", "\"list-two\"", "12345678901234567890123", "-0.5e3");
            List<String> lines = new ArrayList<>();
            for (String id : ids) {
                wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
                lines.add(wire.nextLine());
            }
            wire.request(9, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"a\":1}}");
            assertThat(wire.response(9).get("result").get("isError").asBoolean()).isFalse();

            assertThat(host.asked).as("the host's tool list, asked once per connection").hasValue(1);
            String first = lines.get(0);
            String result = first.substring(first.indexOf(",\"result\":"));
            for (int i = 0; i < ids.size(); i++) {
                assertThat(lines.get(i)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":" + ids.get(i) + result);
            }
            JsonNode answer = new ObjectMapper().readTree(lines.get(1));
            assertThat(answer.get("id").asText()).isEqualTo("list-two");
            assertThat(answer.get("result").get("tools")).singleElement()
                    .satisfies(tool -> assertThat(tool.get("name").asText()).isEqualTo(EchoHost.ECHO));
        }
    }
}
