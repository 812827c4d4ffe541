package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import java.time.Duration;
import java.util.Objects;

/**
 * How often and how patiently a transaction that lost a race for the database lock is retried.
 *
 * <p>The engine's own lock wait (SQLite's busy timeout, H2's lock timeout) runs first inside each
 * attempt; this policy is the bounded second layer, so that callers never see a busy error unless
 * the database stays locked for a long time. Backoff grows exponentially from {@code initialBackoff}
 * up to {@code maxBackoff}, with random jitter so that competing processes do not retry in step.
 *
 * @param maxAttempts how many times a unit of work may run in total, at least 1
 * @param initialBackoff the pause after the first failed attempt
 * @param maxBackoff the longest pause between two attempts
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {

    /** Validates the bounds. */
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw ColonyException.invalid("maxAttempts", "must be at least 1, was " + maxAttempts);
        }
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw ColonyException.invalid("maxBackoff", "must be at least initialBackoff, and both not negative");
        }
    }

    /** Ten attempts, backing off from 2 ms to 250 ms. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(10, Duration.ofMillis(2), Duration.ofMillis(250));
    }

    /** The pause, in nanoseconds, before attempt {@code failedAttempts + 1}, without jitter. */
    long backoffNanos(int failedAttempts) {
        long base = Math.max(1, initialBackoff.toNanos());
        int shift = Math.min(failedAttempts - 1, 20);
        long pause = base << shift;
        return Math.min(pause, maxBackoff.toNanos());
    }
}
