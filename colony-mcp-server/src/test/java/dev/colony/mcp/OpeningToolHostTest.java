package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Opening the store in the background, and the shutdown that stops it from beginning. */
class OpeningToolHostTest {

    /**
     * A shutdown that comes before the first {@code initialize} is handled (a client that closes at once, a
     * SIGTERM) stops the store from ever opening: an opening begun during the exit would load the embedding
     * model while the JVM goes down.
     */
    @Test
    void aHostStoppedBeforeItBeganNeverOpensAndAnswersCallsAsClosed() {
        AtomicInteger opened = new AtomicInteger();
        OpeningToolHost host = new OpeningToolHost(ColonyMcpServer.defaultTools(), () -> {
            opened.incrementAndGet();
            throw new IllegalStateException("must not open");
        });

        host.stop();
        host.begin();
        host.clientConnected("late-client", "1");

        assertThat(opened).hasValue(0);
        assertThat(host.awaitOpened(Duration.ofSeconds(1))).isEmpty();
        assertThat(host.failure()).as("stopping is not a failure to open").isEmpty();
        assertThat(ToolResults.error(host.call("memory_add", JsonNodeFactory.instance.objectNode()))
                .get("code").asText()).isEqualTo("CLOSED");
    }
}
