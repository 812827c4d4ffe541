package dev.colony.core.internal.metric;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.metric.ToolMetric;
import dev.colony.api.metric.ToolMetrics;
import dev.colony.spi.storage.StorageProvider;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Writes {@link ToolMetric} rows in batches on a thread of its own, so that accounting adds no storage
 * round trip to a tool call.
 *
 * <p>{@link #record} appends to an in-memory queue and returns. The queue is written, in one
 * transaction per batch of at most {@value #BATCH_SIZE} rows, when a batch has gathered, when the flush
 * interval has passed on the injected clock since the last write, on {@link #flush}, before
 * {@link #list}, and on {@link #close}. A background tick checks the interval once a second of real
 * time, but the decision is taken on the injected clock, so a test that holds its clock still sees
 * writes only where it asks for them. The thread is started by the first row, so a Colony that
 * serves no tools never starts it.
 *
 * <p>A batch that fails to write goes back to the head of the queue and is retried on the next
 * flush; the queue keeps at most {@value #MAX_QUEUED} rows and drops the oldest beyond that, with a
 * warning, so a store that stays unwritable cannot exhaust memory. {@link #close} stops the thread and
 * writes what is queued on the closing thread: rows recorded before close are not lost while the store
 * can take them. Thread-safe.
 */
public final class ToolMetricWriter implements ToolMetrics, AutoCloseable {

    /** The most rows one transaction writes. */
    public static final int BATCH_SIZE = 256;

    /** The most rows kept while the store cannot take them. */
    public static final int MAX_QUEUED = 100_000;

    /** The default time between writes of a partial batch. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    private static final System.Logger LOG = System.getLogger(ToolMetricWriter.class.getName());

    private final StorageProvider storage;
    private final Clock clock;
    private final Duration interval;
    private final Object lock = new Object();
    private final Object writing = new Object();
    private final ArrayDeque<ToolMetric> queue = new ArrayDeque<>();
    private ScheduledExecutorService worker;
    private Instant lastWrite;
    private boolean flushPending;
    private boolean closed;
    private long dropped;

    /**
     * A writer over {@code storage}.
     *
     * @param interval the longest time, on {@code clock}, a recorded row waits before it is written
     */
    public ToolMetricWriter(StorageProvider storage, Clock clock, Duration interval) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.interval = Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive");
        }
        this.lastWrite = clock.instant();
    }

    @Override
    public void record(ToolMetric metric) {
        Objects.requireNonNull(metric, "metric");
        synchronized (lock) {
            if (closed) {
                throw new ColonyException(ErrorCode.CLOSED, "tool metrics are closed");
            }
            if (queue.size() >= MAX_QUEUED) {
                queue.pollFirst();
                if (dropped++ % 1_000 == 0) {
                    LOG.log(System.Logger.Level.WARNING, "tool metrics cannot be written; dropped {0} rows so far",
                            dropped);
                }
            }
            queue.addLast(metric);
            if (worker == null) {
                worker = startWorker();
            }
            if (!flushPending && (queue.size() >= BATCH_SIZE || due())) {
                flushPending = true;
                worker.execute(this::flushQuietly);
            }
        }
    }

    @Override
    public void flush() {
        synchronized (writing) {
            while (true) {
                List<ToolMetric> batch;
                synchronized (lock) {
                    flushPending = false;
                    if (queue.isEmpty()) {
                        lastWrite = clock.instant();
                        return;
                    }
                    batch = new ArrayList<>(Math.min(BATCH_SIZE, queue.size()));
                    while (batch.size() < BATCH_SIZE && !queue.isEmpty()) {
                        batch.add(queue.pollFirst());
                    }
                }
                try {
                    storage.write(tx -> {
                        tx.toolMetrics().insertAll(batch);
                        return null;
                    });
                } catch (RuntimeException e) {
                    synchronized (lock) {
                        for (int i = batch.size() - 1; i >= 0; i--) {
                            queue.addFirst(batch.get(i));
                        }
                        lastWrite = clock.instant();
                    }
                    throw e;
                }
            }
        }
    }

    @Override
    public List<ToolMetric> list(Instant from, Instant until, int limit) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (limit < 1 || limit > MAX_LIST_LIMIT) {
            throw ColonyException.invalid("limit", "must be between 1 and " + MAX_LIST_LIMIT + ", was " + limit);
        }
        flush();
        return storage.read(tx -> tx.toolMetrics().list(from, until, null, limit));
    }

    /** How many rows wait to be written. */
    public int queued() {
        synchronized (lock) {
            return queue.size();
        }
    }

    /**
     * Stops the background thread and writes every queued row on the calling thread. Later
     * {@link #record} calls fail with {@code CLOSED}. Idempotent.
     */
    @Override
    public void close() {
        ScheduledExecutorService stopping;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = worker;
            worker = null;
        }
        if (stopping != null) {
            stopping.shutdown();
            try {
                if (!stopping.awaitTermination(10, TimeUnit.SECONDS)) {
                    LOG.log(System.Logger.Level.WARNING, "tool metrics writer did not stop within 10 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            flush();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not write {0} tool metric rows on close: {1}", queued(),
                    e.getMessage());
        }
    }

    private boolean due() {
        return !clock.instant().isBefore(lastWrite.plus(interval));
    }

    private void tick() {
        synchronized (lock) {
            if (closed || queue.isEmpty() || flushPending || !due()) {
                return;
            }
            flushPending = true;
        }
        flushQuietly();
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "writing tool metrics failed, will retry: {0}", e.getMessage());
        }
    }

    private ScheduledExecutorService startWorker() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "colony-tool-metrics");
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
        return executor;
    }
}
