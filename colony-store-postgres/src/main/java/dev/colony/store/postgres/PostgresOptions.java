package dev.colony.store.postgres;

import dev.colony.api.ColonyException;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link PostgresStorageProvider} connects and serializes writers.
 *
 * @param user the database user, or {@code null} to take it from the URL (or the driver's default)
 * @param password the password, or {@code null} to take it from the URL (or none)
 * @param writeGate how write transactions are serialized
 * @param lockTimeout how long a write transaction waits for the write gate before it gives up and is
 *     retried with backoff (PostgreSQL's {@code lock_timeout} on write connections)
 */
public record PostgresOptions(String user, String password, WriteGate writeGate, Duration lockTimeout) {

    /** Validates the options. */
    public PostgresOptions {
        Objects.requireNonNull(writeGate, "writeGate");
        Objects.requireNonNull(lockTimeout, "lockTimeout");
        if (lockTimeout.isNegative() || lockTimeout.isZero()) {
            throw ColonyException.invalid("lockTimeout", "must be positive, was " + lockTimeout);
        }
    }

    /** No credentials beyond the URL, the advisory-lock gate, a 10 s lock timeout. */
    public static PostgresOptions defaults() {
        return new PostgresOptions(null, null, WriteGate.ADVISORY_LOCK, Duration.ofSeconds(10));
    }

    /** These options with {@code user} and {@code password} (either may be {@code null}). */
    public PostgresOptions withCredentials(String user, String password) {
        return new PostgresOptions(user, password, writeGate, lockTimeout);
    }

    /** These options with another write gate. */
    public PostgresOptions withWriteGate(WriteGate gate) {
        return new PostgresOptions(user, password, gate, lockTimeout);
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "PostgresOptions[user=" + user + ", password=" + (password == null ? "none" : "***")
                + ", writeGate=" + writeGate + ", lockTimeout=" + lockTimeout + "]";
    }
}
