package dev.colony.tool;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * The two things tool calls that wait do with futures: map a wait's value into a result so that cancelling the
 * result still reaches the wait (a call the client cancels stops waiting in the Colony at once), and block on a
 * call for callers in the same process.
 */
public final class Futures {

    private Futures() {
    }

    /** A future of {@code map} applied to {@code source}'s value; cancelling it cancels {@code source}. */
    public static <T, U> CompletableFuture<U> map(CompletableFuture<T> source, Function<? super T, ? extends U> map) {
        CompletableFuture<U> mapped = source.thenApply(map);
        mapped.whenComplete((value, failure) -> {
            if (mapped.isCancelled()) {
                source.cancel(true);
            }
        });
        return mapped;
    }

    /**
     * Waits for {@code future} and returns its value; its failure is thrown as it was raised.
     *
     * @throws CancellationException when it was cancelled
     */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
