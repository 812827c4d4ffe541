package dev.colony.spi.storage;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * A database Colony can run on.
 *
 * <p>Contract, checked by {@code colony-store-tck}:
 * <ul>
 *   <li>{@link #write} runs its unit in one serializable write transaction: all of it commits, or
 *       (when it throws) none of it. Lock contention with other threads or processes is retried
 *       inside the provider with bounded backoff; callers never see a busy error.</li>
 *   <li>{@link #read} runs its unit on a consistent snapshot and writes nothing.</li>
 *   <li>Memory ids are positive and become visible in increasing order: once a reader sees id
 *       {@code n}, no memory with an id below {@code n} appears later. Search indexes rely on this
 *       to catch up by tailing ids.</li>
 *   <li>Failures surface as {@link dev.colony.api.ColonyException} with code
 *       {@code STORAGE_FAILURE}, except exceptions thrown by the unit itself, which pass through
 *       unchanged.</li>
 * </ul>
 * Providers are thread-safe.
 */
public interface StorageProvider extends AutoCloseable {

    /** A short name of the engine and mode, e.g. {@code sqlite} or {@code h2-mem}. */
    String name();

    /** What this provider supports beyond the basic contract. */
    Set<StorageCapability> capabilities();

    /**
     * The database file, when the store is backed by one. Derived caches (the search index) are
     * kept beside it. Empty for an in-memory store and for a store on a database server, whose
     * derived caches live on each machine instead.
     */
    Optional<Path> location();

    /**
     * A random identifier created with the database and never changed; tells a derived cache
     * whether it belongs to this database.
     */
    String storeId();

    /** Brings the schema up to date. Idempotent, and safe when several processes call it at once. */
    void migrate();

    /** Runs {@code work} in a read-only transaction. */
    <T> T read(TransactionWork<T> work);

    /** Runs {@code work} in a write transaction, retrying it if the database was busy. */
    <T> T write(TransactionWork<T> work);

    /**
     * Calls {@code onChange} whenever another process commits a change of {@code topic}, where the database
     * can push such news (PostgreSQL's notifications); empty where it cannot, and callers then ask the
     * store for changes themselves. A push may be spurious or merged with others: it says "look", not what
     * changed. {@code onChange} runs on a thread of the provider and must return quickly. Closing the
     * returned handle stops the calls; closing the provider stops them too.
     */
    default Optional<Listening> listen(StorageTopic topic, Runnable onChange) {
        return Optional.empty();
    }

    /**
     * Calls {@code listener} after every commit, by this provider, of a transaction that moved a memory's rev (a
     * memory added, edited, re-embedded, forgotten, purged, retracted, expired or restored): once per such commit,
     * on the committing thread, after the transaction's own after-commit actions. The search index listens, so it
     * catches up with what committed without every writer having to tell it. Transactions that fail or roll back
     * call nothing; changes committed by other processes are not seen here. A later call replaces the listener;
     * {@code null} removes it. The listener must return quickly and not throw.
     */
    void onMemoryCommit(Runnable listener);

    /** Releases connections; the database files stay. */
    @Override
    void close();

    /** A registration made by {@link #listen}; closing it stops the calls. Idempotent. */
    interface Listening extends AutoCloseable {

        /** Stops calling the listener. */
        @Override
        void close();
    }
}
