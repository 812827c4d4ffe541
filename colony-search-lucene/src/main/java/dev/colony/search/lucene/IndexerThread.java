package dev.colony.search.lucene;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The background thread of one index: runs its indexing step once per poll interval, and soon after
 * {@link #wake()}, but never twice within the minimum gap (which the index may vary), so that a burst
 * of writes is indexed in a few batches instead of one segment per write. The intervals pace work; they decide nothing about
 * what the index holds, which is why they are read from the system's monotonic timer and not from the
 * Colony's clock. Each step first yields, briefly, to the process's latency-critical work ({@link ForegroundWork}).
 */
final class IndexerThread {

    private static final System.Logger LOG = System.getLogger(IndexerThread.class.getName());

    private final Runnable step;
    private final long pollNanos;
    private final LongSupplier minGapNanos;
    private final ForegroundWork foreground;
    private final Thread thread;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition signal = lock.newCondition();
    private boolean woken;
    private boolean stopping;
    private long started;
    private long completed;

    /**
     * A thread named {@code name} running {@code step} (not started yet), each step first yielding briefly to
     * {@code foreground} work.
     */
    IndexerThread(String name, Runnable step, long pollNanos, LongSupplier minGapNanos, ForegroundWork foreground) {
        this.step = step;
        this.pollNanos = pollNanos;
        this.minGapNanos = minGapNanos;
        this.foreground = foreground;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Asks for a step soon. Cheap and non-blocking apart from a short lock. */
    void wake() {
        lock.lock();
        try {
            woken = true;
            signal.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until a step that started after this call has completed, or the thread stopped, or
     * {@code timeoutNanos} passed; whether such a step completed.
     */
    boolean awaitStep(long timeoutNanos) throws InterruptedException {
        lock.lock();
        try {
            long target = started + 1;
            woken = true;
            signal.signalAll();
            long remaining = timeoutNanos;
            while (completed < target && !stopping && remaining > 0) {
                remaining = signal.awaitNanos(remaining);
            }
            return completed >= target;
        } finally {
            lock.unlock();
        }
    }

    /** Stops the thread after its current step, waiting for it up to {@code timeoutMillis}. */
    void stop(long timeoutMillis) {
        lock.lock();
        try {
            stopping = true;
            signal.signalAll();
        } finally {
            lock.unlock();
        }
        if (Thread.currentThread() != thread && thread.isAlive()) {
            try {
                thread.join(timeoutMillis);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        while (true) {
            try {
                // Counted as started only after yielding: a search awaiting a step still gets one that reads after it.
                foreground.yieldTo(ForegroundWork.MAX_YIELD);
            } catch (InterruptedException interrupted) {
                return;
            }
            long stepStart = System.nanoTime();
            lock.lock();
            try {
                if (stopping) {
                    return;
                }
                woken = false;
                started++;
            } finally {
                lock.unlock();
            }
            try {
                step.run();
            } catch (RuntimeException | Error e) {
                // The step reports what it can handle itself; anything else must not end indexing.
                LOG.log(System.Logger.Level.ERROR, "search indexing step failed", e);
            }
            lock.lock();
            try {
                completed++;
                signal.signalAll();
                long pollEnd = System.nanoTime() + pollNanos;
                while (!stopping) {
                    long now = System.nanoTime();
                    // Read again on every wake-up: a search can shorten the gap while the thread waits.
                    long gapEnd = stepStart + minGapNanos.getAsLong();
                    if (now - gapEnd >= 0 && (woken || now - pollEnd >= 0)) {
                        break;
                    }
                    long until = woken || gapEnd - pollEnd > 0 ? gapEnd : pollEnd;
                    signal.awaitNanos(Math.max(until - now, TimeUnit.MICROSECONDS.toNanos(100)));
                }
            } catch (InterruptedException interrupted) {
                return;
            } finally {
                lock.unlock();
            }
        }
    }
}
