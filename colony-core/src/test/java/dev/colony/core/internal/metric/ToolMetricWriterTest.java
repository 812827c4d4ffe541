package dev.colony.core.internal.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.metric.ToolMetric;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The batching writer of tool metrics on a real H2 store, with a clock the test moves. */
class ToolMetricWriterTest {

    private static final Instant START = Instant.parse("2026-01-05T09:00:00Z");
    private static final Duration INTERVAL = Duration.ofSeconds(5);

    private final MutableClock clock = new MutableClock(START);
    private final StorageProvider storage = H2StorageProvider.inMemory();
    private final ToolMetricWriter writer = new ToolMetricWriter(storage, clock, INTERVAL);

    @AfterEach
    void close() {
        writer.close();
        storage.close();
    }

    private ToolMetric call(String tool) {
        return ToolMetric.of(clock.instant(), tool, UserId.of("alice"), SessionId.of("alice-1"),
                Duration.ofMillis(2), 40, 400, null);
    }

    private int stored() {
        return storage.read(tx -> tx.toolMetrics().list(START, START.plusSeconds(3_600), null, 10_000)).size();
    }

    /** Waits for the writer's own thread, which the test cannot run itself; fails after ten seconds. */
    private void awaitStored(int rows) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (stored() < rows && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(stored()).isEqualTo(rows);
    }

    @Test
    void rowsWaitUntilTheIntervalHasPassedOnTheInjectedClock() throws InterruptedException {
        writer.record(call("search"));
        writer.record(call("memory_add"));
        assertThat(writer.queued()).isEqualTo(2);
        assertThat(stored()).isZero();

        clock.advance(INTERVAL);
        writer.record(call("timeline"));

        awaitStored(3);
        assertThat(writer.queued()).isZero();
    }

    @Test
    void aFullBatchIsWrittenWithoutWaitingForTheInterval() throws InterruptedException {
        for (int i = 0; i < ToolMetricWriter.BATCH_SIZE; i++) {
            writer.record(call("search"));
        }
        awaitStored(ToolMetricWriter.BATCH_SIZE);
    }

    @Test
    void closeWritesEveryQueuedRowAndLaterRecordsAreRefused() {
        for (int i = 0; i < 1_000; i++) {
            writer.record(call("search"));
        }
        writer.close();
        assertThat(stored()).isEqualTo(1_000);
        assertThatThrownBy(() -> writer.record(call("search")))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CLOSED));
    }

    @Test
    void listWritesQueuedRowsFirstAndKeepsTheirOutcome() {
        writer.record(call("search"));
        writer.record(ToolMetric.of(clock.instant(), "memory_add", UserId.of("alice"), SessionId.of("alice-1"),
                Duration.ofMillis(1), 10_000, 60, "INVALID_ARGUMENT"));

        var rows = writer.list(START, START.plusSeconds(1), 10);

        assertThat(rows).extracting(ToolMetric::tool).containsExactly("search", "memory_add");
        assertThat(rows.get(1).ok()).isFalse();
        assertThat(rows.get(1).errorCode()).isEqualTo("INVALID_ARGUMENT");
        assertThat(rows.get(1).tokensIn()).isEqualTo(2_500);
        assertThat(rows.get(0).tokensOut()).isEqualTo(100);
    }

    @Test
    void aFailedWriteKeepsTheRowsForTheNextFlush() {
        writer.record(call("search"));
        storage.close();
        assertThatThrownBy(writer::flush).isInstanceOf(ColonyException.class);
        assertThat(writer.queued()).isEqualTo(1);
    }
}
