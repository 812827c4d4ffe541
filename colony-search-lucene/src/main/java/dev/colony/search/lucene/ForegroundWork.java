package dev.colony.search.lucene;

import dev.colony.spi.search.BackgroundPause;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The latency-critical work of this process that one index's background work yields to: embeddings the Colony
 * runs for its callers ({@link LuceneSearchIndex#pauseBackground()}). The model runs on every core, and a
 * background step or merge beside it makes it wait for the core it takes: on two cores an add's embedding took
 * some 30% longer than the same embedding alone. Background work therefore waits for open spans to end before it
 * starts, but never longer than {@link #MAX_YIELD}, so indexing keeps up under any load.
 */
final class ForegroundWork {

    /** The longest a background step or merge waits for foreground work to end before it starts anyway. */
    static final long MAX_YIELD = TimeUnit.MILLISECONDS.toNanos(20);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ended = lock.newCondition();
    private int open;

    /** Starts a span; closing the answer ends it. */
    BackgroundPause enter() {
        lock.lock();
        try {
            open++;
        } finally {
            lock.unlock();
        }
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                leave();
            }
        };
    }

    private void leave() {
        lock.lock();
        try {
            if (--open == 0) {
                ended.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** How many spans are open now. */
    int open() {
        lock.lock();
        try {
            return open;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until no span is open, at most {@code maxNanos}; returns at once when none is.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    void yieldTo(long maxNanos) throws InterruptedException {
        lock.lock();
        try {
            long remaining = maxNanos;
            while (open > 0 && remaining > 0) {
                remaining = ended.awaitNanos(remaining);
            }
        } finally {
            lock.unlock();
        }
    }
}
