package dev.colony.store.sqlite;

import dev.colony.api.ColonyException;
import dev.colony.store.jdbc.RetryPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * Tuning of a {@link SqliteStorageProvider}. The defaults suit several agent processes sharing one
 * file; change them for tests or tools with unusual contention.
 *
 * @param busyTimeout how long SQLite itself waits for a lock before reporting busy (its
 *     {@code busy_timeout}); a busy report then triggers a retry under {@code retry}
 * @param retry how often a transaction that stayed busy is run again, and with what backoff
 * @param readConnections how many connections serve read transactions at once (at least 1)
 */
public record SqliteOptions(Duration busyTimeout, RetryPolicy retry, int readConnections) {

    /** Validates the options. */
    public SqliteOptions {
        Objects.requireNonNull(busyTimeout, "busyTimeout");
        Objects.requireNonNull(retry, "retry");
        if (busyTimeout.isNegative() || busyTimeout.toMillis() > Integer.MAX_VALUE) {
            throw ColonyException.invalid("busyTimeout", "must be between 0 and " + Integer.MAX_VALUE + " ms");
        }
        if (readConnections < 1) {
            throw ColonyException.invalid("readConnections", "must be at least 1, was " + readConnections);
        }
    }

    /** A 5 second busy timeout, {@link RetryPolicy#defaults()}, and 4 read connections. */
    public static SqliteOptions defaults() {
        return new SqliteOptions(Duration.ofSeconds(5), RetryPolicy.defaults(), 4);
    }

    /** These options with another busy timeout. */
    public SqliteOptions withBusyTimeout(Duration timeout) {
        return new SqliteOptions(timeout, retry, readConnections);
    }

    /** These options with another retry policy. */
    public SqliteOptions withRetry(RetryPolicy policy) {
        return new SqliteOptions(busyTimeout, policy, readConnections);
    }

    /** These options with another number of read connections. */
    public SqliteOptions withReadConnections(int count) {
        return new SqliteOptions(busyTimeout, retry, count);
    }
}
