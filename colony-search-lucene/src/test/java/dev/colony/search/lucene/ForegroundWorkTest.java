package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.spi.search.BackgroundPause;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Background work yields to the process's foreground work until it ends, but never longer than its bound. */
class ForegroundWorkTest {

    private static final long LONG_BOUND = TimeUnit.SECONDS.toNanos(30);

    @Test
    void withNothingOpenBackgroundWorkGoesOnAtOnce() throws InterruptedException {
        ForegroundWork foreground = new ForegroundWork();
        long start = System.nanoTime();
        foreground.yieldTo(LONG_BOUND);
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void backgroundWorkWaitsUntilTheLastOpenSpanEnds() throws Exception {
        ForegroundWork foreground = new ForegroundWork();
        BackgroundPause first = foreground.enter();
        BackgroundPause second = foreground.enter();
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<Integer> openWhenResumed = CompletableFuture.supplyAsync(() -> {
            waiting.countDown();
            try {
                foreground.yieldTo(LONG_BOUND);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return foreground.open();
        });
        waiting.await();
        first.close();
        first.close();
        assertThat(foreground.open()).as("closing twice ends one span").isEqualTo(1);
        assertThat(openWhenResumed).isNotDone();
        second.close();
        assertThat(openWhenResumed.get(10, TimeUnit.SECONDS)).isZero();
    }

    @Test
    void backgroundWorkGoesOnAfterItsBoundWhileForegroundWorkRuns() throws InterruptedException {
        ForegroundWork foreground = new ForegroundWork();
        BackgroundPause busy = foreground.enter();
        foreground.yieldTo(TimeUnit.MILLISECONDS.toNanos(1));
        assertThat(foreground.open()).as("it went on, the span still open").isEqualTo(1);
        busy.close();
        assertThat(foreground.open()).isZero();
    }
}
