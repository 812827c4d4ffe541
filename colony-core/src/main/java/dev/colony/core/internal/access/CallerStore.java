package dev.colony.core.internal.access;

import dev.colony.api.UserId;
import dev.colony.spi.storage.StorageProvider;
import java.util.Objects;

/**
 * The store as one caller reaches it: every unit of work runs on a {@link CallerTransaction} bound to the
 * caller, so the caller's visibility is looked up once per transaction and asked of one place.
 */
public final class CallerStore {

    /**
     * A unit of work on a caller's transaction.
     *
     * @param <T> what it returns
     */
    @FunctionalInterface
    public interface CallerWork<T> {

        /** Runs the unit; throwing rolls the transaction back. */
        T run(CallerTransaction tx);
    }

    private final StorageProvider storage;
    private final Access access;
    private final UserId user;

    CallerStore(StorageProvider storage, Access access, UserId user) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.access = Objects.requireNonNull(access, "access");
        this.user = Objects.requireNonNull(user, "user");
    }

    /** Runs {@code work} in a read-only transaction bound to the caller. */
    public <T> T read(CallerWork<T> work) {
        return storage.read(tx -> work.run(access.bind(tx, user)));
    }

    /** Runs {@code work} in a write transaction bound to the caller, retried as the store retries. */
    public <T> T write(CallerWork<T> work) {
        return storage.write(tx -> work.run(access.bind(tx, user)));
    }
}
