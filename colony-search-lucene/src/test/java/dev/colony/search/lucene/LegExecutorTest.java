package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Both legs of a search at once, and what happens when one fails or the pool is gone. */
class LegExecutorTest {

    @Test
    void theSecondLegRunsOnAPoolThreadWhileTheFirstRunsOnTheCaller() throws IOException {
        try (LegExecutor executor = new LegExecutor("leg-test", 1)) {
            CountDownLatch bothRunning = new CountDownLatch(2);
            LegExecutor.Both<String, String> both = executor.both(() -> meet(bothRunning), () -> meet(bothRunning));

            assertThat(both.first()).isEqualTo(Thread.currentThread().getName());
            assertThat(both.second()).startsWith("leg-test-");
        }
    }

    /** Waits until the other leg runs too, so the test fails when the legs ran one after the other. */
    private static String meet(CountDownLatch bothRunning) throws IOException {
        bothRunning.countDown();
        try {
            if (!bothRunning.await(10, TimeUnit.SECONDS)) {
                throw new IOException("the other leg did not run at the same time");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return Thread.currentThread().getName();
    }

    @Test
    void aLegsFailureReachesTheCallerAsItWasThrown() {
        try (LegExecutor executor = new LegExecutor("leg-test", 1)) {
            assertThatThrownBy(() -> executor.both(() -> "fine", () -> {
                throw new IOException("vector leg broke");
            })).isInstanceOf(IOException.class).hasMessage("vector leg broke");
            assertThatThrownBy(() -> executor.both(() -> {
                throw new IllegalStateException("keyword leg broke");
            }, () -> "fine")).isInstanceOf(IllegalStateException.class).hasMessage("keyword leg broke");
        }
    }

    @Test
    void withoutThreadsOrOnceClosedBothLegsRunOnTheCaller() throws IOException {
        String caller = Thread.currentThread().getName();
        LegExecutor.Both<String, String> inline = LegExecutor.INLINE.both(
                () -> Thread.currentThread().getName(), () -> Thread.currentThread().getName());
        assertThat(inline.first()).isEqualTo(caller);
        assertThat(inline.second()).isEqualTo(caller);

        LegExecutor closed = new LegExecutor("leg-test", 2);
        closed.close();
        LegExecutor.Both<String, String> after = closed.both(() -> "keyword", () -> Thread.currentThread().getName());
        assertThat(after.first()).isEqualTo("keyword");
        assertThat(after.second()).isEqualTo(caller);
    }
}
