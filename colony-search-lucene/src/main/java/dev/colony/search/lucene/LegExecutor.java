package dev.colony.search.lucene;

import dev.colony.spi.search.QueryVector;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one leg of a hybrid search on a small pool of daemon threads while the searching thread runs the other,
 * so that a search takes about as long as its slower leg instead of both; the query's embedding, when the index
 * receives it still to be computed, runs there too, beside everything before the vector leg. Owned by one index
 * and closed with it.
 *
 * <p>The searching thread never waits for a pool thread to become free: when it finishes its own leg before a
 * pool thread has picked the other up, it runs that one too (a queued leg then finds itself done and returns).
 * With no pool threads ({@value #THREADS_PROPERTY} = 0), or once closed, both legs run on the searching thread.
 */
final class LegExecutor implements AutoCloseable {

    /** The system property that sets the pool's size (by default the processors, at most {@value #MAX_THREADS}). */
    static final String THREADS_PROPERTY = "colony.search.legThreads";
    /** The most pool threads by default. */
    static final int MAX_THREADS = 4;

    /** Runs both legs on the searching thread. */
    static final LegExecutor INLINE = new LegExecutor("unused", 0);

    private final ExecutorService pool;

    /** A pool of the configured size, its threads named {@code name-N}. */
    LegExecutor(String name) {
        this(name, Integer.getInteger(THREADS_PROPERTY,
                Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors())));
    }

    /** A pool of {@code threads} threads (0: every leg runs on the searching thread). */
    LegExecutor(String name, int threads) {
        if (threads <= 0) {
            this.pool = null;
            return;
        }
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        this.pool = executor;
    }

    /**
     * Starts computing {@code vector} on a pool thread, if it is still to be computed, so that the searching thread
     * can meanwhile bring the index up to the store and run the keyword leg; without pool threads it is computed
     * when the vector leg needs it.
     */
    void start(QueryVector vector) {
        if (pool != null && vector != null) {
            vector.startOn(pool);
        }
    }

    /** What one leg computes. */
    @FunctionalInterface
    interface Leg<T> {
        T run() throws IOException;
    }

    /** Both legs' results. */
    record Both<A, B>(A first, B second) {
    }

    /**
     * Runs {@code first} on the calling thread and {@code second} beside it, and returns both results; a leg's
     * failure is rethrown as it was thrown (after the other leg finished).
     */
    <A, B> Both<A, B> both(Leg<A> first, Leg<B> second) throws IOException {
        if (pool == null) {
            return new Both<>(first.run(), second.run());
        }
        FutureTask<B> beside = new FutureTask<>((Callable<B>) second::run);
        try {
            pool.execute(beside);
        } catch (RejectedExecutionException closed) {
            beside.run();
        }
        A own;
        try {
            own = first.run();
        } finally {
            // Runs the other leg here when no pool thread has started it; waits for it otherwise.
            beside.run();
            awaitQuietly(beside);
        }
        return new Both<>(own, result(beside));
    }

    private static void awaitQuietly(FutureTask<?> task) {
        boolean interrupted = false;
        while (true) {
            try {
                task.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static <B> B result(FutureTask<B> task) throws IOException {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a search leg ran", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Stops the pool's threads; legs of searches still running finish on their searching thread. */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
