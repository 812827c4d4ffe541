package dev.colony.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.metric.ToolMetric;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Tool calls that wait ({@code await_tasks}) over real pipes, on the real tools and a real SQLite store: a wait
 * holds no call thread, so more waits than call threads leave the next write answered at once, and a wait the
 * client cancels releases what it held at once (no thread, no call in flight) and is accounted once.
 */
class WaitingCallsTest extends ServedColonyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int THREADS = TransportLimits.defaults().callThreads();

    @Override
    String agent() {
        return "claude-code";
    }

    private static JsonNode payload(JsonNode response) throws IOException {
        assertThat(response.get("result").get("isError").asBoolean()).as(response.toString()).isFalse();
        return JSON.readTree(response.get("result").get("content").get(0).get("text").asText());
    }

    /** Creates a run nobody takes, and writes once so that the store and the embedder are warm. */
    private static String idleRun(StdioWire wire) throws Exception {
        wire.request(1, "tools/call", "{\"name\":\"create_task\",\"arguments\":{\"agent\":\"codex\",\"message\":"
                + "\"review the parser\"}}");
        String id = payload(wire.response(1)).get("task_id").asText();
        wire.request(2, "tools/call", add("Warm-up write before the waits begin."));
        payload(wire.response(2));
        return id;
    }

    private static String add(String content) {
        return "{\"name\":\"memory_add\",\"arguments\":{\"content\":\"" + content + "\",\"type\":\"fact\"}}";
    }

    private static String await(String id) {
        return "{\"name\":\"await_tasks\",\"arguments\":{\"task_ids\":[\"" + id + "\"],\"timeout_seconds\":45}}";
    }

    /** Writes once and returns how long the answer took. */
    private static Duration timedWrite(StdioWire wire, int requestId, String content) throws Exception {
        long start = System.nanoTime();
        wire.request(requestId, "tools/call", add(content));
        JsonNode answer = wire.response(requestId);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(payload(answer).get("id").asLong()).isPositive();
        return took;
    }

    /** The call threads held by a wait: inside the run registry, or blocked on a future. */
    private static List<String> heldCallThreads() {
        return Thread.getAllStackTraces().entrySet().stream().filter(entry -> entry.getKey().getName()
                .startsWith("colony-call-")).filter(entry -> Arrays.stream(entry.getValue()).anyMatch(frame -> frame
                        .getClassName().startsWith("dev.colony.core.internal.run.") || frame.getClassName().equals(
                                CompletableFuture.class.getName()) && frame.getMethodName().matches(
                                        "get|join|waitingGet|timedGet"))).map(entry -> entry.getKey().getName())
                .toList();
    }

    @Test
    void sixtyFourLiveWaitsLeaveAWriteAnsweredAtOnceAndAllWakeWhenTheRunEnds() throws Exception {
        CountingHost host = new CountingHost(tools);
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            wire.initialize("waiter");
            String id = idleRun(wire);
            for (int i = 0; i < 64; i++) {
                wire.request(100 + i, "tools/call", await(id));
            }
            assertThat(host.awaitStarted(64)).as("64 waits started on %s call threads", THREADS).isTrue();

            Duration took = timedWrite(wire, 3, "Written while 64 calls wait for a run.");
            assertThat(took).as("a write behind 64 waits").isLessThan(Duration.ofMillis(100));
            assertThat(heldCallThreads()).as("no call thread is held by a wait").isEmpty();

            wire.request(4, "tools/call", "{\"name\":\"kill_task\",\"arguments\":{\"task_id\":\"" + id + "\"}}");
            payload(wire.response(4));
            for (int i = 0; i < 64; i++) {
                JsonNode awaited = payload(wire.response(100 + i));
                assertThat(awaited.get("done").asBoolean()).isTrue();
                assertThat(awaited.get("tasks").get(0).get("status").asText()).isEqualTo("killed");
            }
        }
    }

    @Test
    void cancelledWaitsReleaseWhatTheyHeldAtOnceAndAreAccountedOnce() throws Exception {
        CountingHost host = new CountingHost(tools);
        Instant before = colony.clock().instant();
        try (StdioWire wire = StdioWire.start(host, TransportLimits.defaults())) {
            wire.initialize("canceller");
            String id = idleRun(wire);
            for (int i = 0; i < 20; i++) {
                wire.request(100 + i, "tools/call", await(id));
            }
            assertThat(host.awaitStarted(20)).as("20 waits started on %s call threads", THREADS).isTrue();
            for (int i = 0; i < 20; i++) {
                wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":"
                        + (100 + i) + ",\"reason\":\"gave up\"}}");
            }
            assertThat(tools.awaitIdle(Duration.ofSeconds(5))).as("no call in flight once the waits are cancelled")
                    .isTrue();
            assertThat(timedWrite(wire, 3, "Written after 20 waits were cancelled.")).isLessThan(Duration.ofSeconds(1));
            assertThat(heldCallThreads()).as("no call thread is held by a cancelled wait").isEmpty();
            wire.closeInput();
            assertThat(wire.rest()).as("a cancelled call is not answered").isEmpty();
        }
        colony.metrics().flush();
        List<ToolMetric> waits = colony.metrics().list(before, colony.clock().instant().plusSeconds(1), 100).stream()
                .filter(metric -> metric.tool().equals("await_tasks")).toList();
        assertThat(waits).as("each cancelled wait accounted once").hasSize(20)
                .allSatisfy(metric -> assertThat(metric.errorCode()).isEqualTo("CANCELLED"));
    }

    /** The real tools, counting the await_tasks calls that reached them. */
    private static final class CountingHost implements ToolHost {

        private final ToolHost delegate;
        private final Semaphore started = new Semaphore(0);

        CountingHost(ToolHost delegate) {
            this.delegate = delegate;
        }

        private void count(String name) {
            if (name.equals("await_tasks")) {
                started.release();
            }
        }

        /** Waits until {@code count} more await_tasks calls have reached the tools. */
        boolean awaitStarted(int count) throws InterruptedException {
            return started.tryAcquire(count, StdioWire.TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }

        @Override
        public ObjectNode serverInfo() {
            return delegate.serverInfo();
        }

        @Override
        public String instructions() {
            return delegate.instructions();
        }

        @Override
        public ArrayNode tools() {
            return delegate.tools();
        }

        @Override
        public boolean hasTool(String name) {
            return delegate.hasTool(name);
        }

        @Override
        public ObjectNode call(String name, ObjectNode arguments) {
            count(name);
            return delegate.call(name, arguments);
        }

        @Override
        public CompletableFuture<ObjectNode> start(String name, ObjectNode arguments) {
            CompletableFuture<ObjectNode> answer = delegate.start(name, arguments);
            count(name);
            return answer;
        }

        @Override
        public void clientConnected(String name, String version, ClientChannel channel) {
            delegate.clientConnected(name, version, channel);
        }
    }
}
