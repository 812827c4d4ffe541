package dev.colony.spi.search;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StoredVector;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * The embedding of a search's query: either known already, or computed once, when first needed. Embedding a
 * query is the longest single step of a search by meaning, and nothing but the vector leg needs its result; an
 * index that receives a query still to be embedded can {@linkplain #startOn start} the embedding on a thread of
 * its own and meanwhile bring itself up to the store and run the keyword leg, so that a hybrid search costs
 * about the longer of the two instead of both.
 *
 * <p>{@link #get()} never waits for a pool thread to become free: a computation that no thread has started yet
 * runs on the thread that asks for it. Thread-safe.
 */
public final class QueryVector {

    private final FutureTask<StoredVector> computation;

    private QueryVector(FutureTask<StoredVector> computation) {
        this.computation = computation;
    }

    /** A vector that is known already. */
    public static QueryVector of(StoredVector vector) {
        Objects.requireNonNull(vector, "vector");
        FutureTask<StoredVector> known = new FutureTask<>(() -> vector);
        known.run();
        return new QueryVector(known);
    }

    /**
     * A vector that {@code embedding} computes, once, on the first thread that {@linkplain #get() needs} it or on
     * the executor it is {@linkplain #startOn started on}; a failure is reported to every caller of {@link #get()}.
     */
    public static QueryVector computedBy(Supplier<StoredVector> embedding) {
        Objects.requireNonNull(embedding, "embedding");
        return new QueryVector(new FutureTask<>(() -> Objects.requireNonNull(embedding.get(),
                "the query's embedding returned no vector")));
    }

    /** Whether the vector is known (computed, or given), successfully or not. */
    public boolean done() {
        return computation.isDone();
    }

    /**
     * Starts computing the vector on {@code executor} unless it is known or being computed already; returns at
     * once. An executor that refuses the work changes nothing: the vector is then computed when needed.
     */
    public void startOn(Executor executor) {
        if (computation.isDone()) {
            return;
        }
        try {
            executor.execute(computation);
        } catch (RejectedExecutionException refused) {
            // computed on the thread that needs it
        }
    }

    /**
     * The vector: computed on this thread unless another thread is computing it (then waited for) or has.
     *
     * @throws ColonyException as the embedding threw it; any other failure of the embedding as {@code INTERNAL}
     */
    public StoredVector get() {
        computation.run();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return computation.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ColonyException colony) {
                throw colony;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new ColonyException(ErrorCode.INTERNAL, "embedding the query failed: " + cause, cause);
        } catch (CancellationException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "embedding the query was cancelled", e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
