package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import dev.colony.spi.storage.TransactionWork;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/**
 * The storage SPI on a relational database, written once for every SQL engine Colony supports; a
 * {@link Dialect} adapts it to one engine.
 *
 * <p>How it runs a unit of work: it takes a pooled connection (one write connection per provider, a
 * few read connections, all kept open with their Jdbi handles and hot prepared statements), lets the
 * dialect begin the transaction (for writes: take the engine's single-writer lock), runs the unit,
 * and commits. When the engine reports that the database was busy or
 * locked, it rolls back and runs the unit again after a randomized, growing pause, up to the
 * dialect's {@link RetryPolicy}. Errors of the database become {@link ColonyException}s with
 * {@link ErrorCode#STORAGE_FAILURE}; exceptions the unit throws itself pass through unchanged.
 *
 * <p>A database kept in a file is checked before each write commits: when the path no longer names the
 * file the provider opened (it was deleted, or another file was moved there), the write is rolled back and
 * fails with {@link ErrorCode#STORAGE_FAILURE} naming the path, instead of being acknowledged into a file
 * that nobody will open again. The check is one {@code stat}.
 *
 * <p>Units of work must not nest: a unit that starts another transaction on the same provider gets an
 * {@link ErrorCode#INTERNAL} error rather than a deadlock.
 */
public class JdbcStorageProvider implements StorageProvider {

    private static final String COMMON_MIGRATIONS = "classpath:db/colony/common";
    private static final String SCHEMA_HISTORY_TABLE = "colony_schema_history";
    /**
     * The highest schema version this build's migrations create. A store whose history already ends at
     * this version is current, and opening it skips Flyway entirely (its class-path scan and checks cost
     * far more than the one query that proves the schema current). A test checks this constant against
     * the migration files.
     */
    public static final int SCHEMA_VERSION = 25;

    private final Dialect dialect;
    private final ConnectionPool writes;
    private final ConnectionPool reads;
    private final ThreadLocal<Boolean> inTransaction = new ThreadLocal<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Object writeMonitor = new Object();
    private volatile String storeId;
    private volatile Runnable memoryListener;
    /** Set once this provider has brought the schema up to date; later {@link #migrate()} calls return at once. */
    private volatile boolean migrated;
    /** Whether a database without Colony's schema is refused rather than given one. */
    private final boolean existingOnly;
    /**
     * The database file as opened, checked before every commit of a write; {@code null} for a database
     * without a file (and while the constructor migrates).
     */
    private final FileIdentity databaseFile;

    /**
     * Creates a provider and brings the schema up to date.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the database cannot be opened or migrated
     */
    protected JdbcStorageProvider(Dialect dialect) {
        this(dialect, false);
    }

    /**
     * Creates a provider and brings the schema up to date; with {@code existingOnly}, a database
     * without Colony's schema is refused instead of given one, for commands that only read.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the database when {@code existingOnly} and it
     *     holds no Colony store; {@code STORAGE_FAILURE} when it cannot be opened or migrated
     */
    protected JdbcStorageProvider(Dialect dialect, boolean existingOnly) {
        this.dialect = Objects.requireNonNull(dialect, "dialect");
        this.existingOnly = existingOnly;
        JdbiWarmUp.start();
        try {
            dialect.start();
        } catch (ColonyException refused) {
            // the dialect's own refusal already says which database and why
            throw refused;
        } catch (SQLException | RuntimeException e) {
            throw failure("cannot open the database", e);
        }
        this.writes = new ConnectionPool(jdbi(true), "write", 1);
        this.reads = new ConnectionPool(jdbi(false), "read", Math.max(1, dialect.readConnections()));
        try {
            migrate();
            this.databaseFile = dialect.location().map(file -> FileIdentity.of(dialect.name(), file)).orElse(null);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Opens a provider on the database {@code dialect} describes and brings its schema up to date.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the database cannot be opened or migrated
     */
    public static JdbcStorageProvider open(Dialect dialect) {
        return new JdbcStorageProvider(dialect);
    }

    private Jdbi jdbi(boolean forWrites) {
        return Jdbi.create(() -> openOnStoreFile(forWrites));
    }

    /**
     * Opens a connection, refusing one that the path would take to another file than the one the store
     * opened: every connection of the provider then has the same file open.
     */
    private Connection openOnStoreFile(boolean forWrites) throws SQLException {
        Connection connection = dialect.openConnection(forWrites);
        FileIdentity file = databaseFile;
        if (file != null) {
            Optional<ColonyException> changed = file.change("no connection is opened to it");
            if (changed.isPresent()) {
                connection.close();
                throw changed.get();
            }
        }
        return connection;
    }

    /** The dialect this provider runs on. */
    protected final Dialect dialect() {
        return dialect;
    }

    @Override
    public String name() {
        return dialect.name();
    }

    @Override
    public Set<StorageCapability> capabilities() {
        return dialect.capabilities();
    }

    @Override
    public Optional<Path> location() {
        return dialect.location();
    }

    @Override
    public String storeId() {
        String id = storeId;
        if (id == null) {
            id = read(tx -> readMeta(((JdbcTransaction) tx).handle(), "store_id"))
                    .orElseThrow(() -> new ColonyException(ErrorCode.STORAGE_FAILURE, "the store has no store_id"));
            storeId = id;
        }
        return id;
    }

    /**
     * Brings the schema up to date, once per provider: the constructor calls it, so later calls
     * return at once. A store whose schema is already current is recognised by one query, without
     * taking the migration lock or starting Flyway.
     */
    @Override
    public final void migrate() {
        checkOpen();
        if (migrated) {
            return;
        }
        synchronized (writeMonitor) {
            if (migrated) {
                return;
            }
            int version = schemaVersion();
            if (version == 0 && existingOnly) {
                // An unreachable database also reads as version 0: let that fail as what it is.
                read(tx -> ((JdbcTransaction) tx).handle().createQuery("SELECT 1").mapTo(Integer.class).one());
                throw new ColonyException(ErrorCode.NOT_FOUND, "db: there is no Colony store in "
                        + dialect.databaseKey() + " (a command that only reads never creates one)");
            }
            if (version != SCHEMA_VERSION) {
                migrateLocked();
            }
            // A store opened before already has its id: read it without taking the write lock, so that
            // opening a current store never waits on (or blocks) another process's writer.
            storeId = read(tx -> readMeta(((JdbcTransaction) tx).handle(), "store_id"))
                    .orElseGet(() -> write(tx -> ensureStoreId(((JdbcTransaction) tx).handle())));
            migrated = true;
        }
    }

    /**
     * The highest successfully applied schema version, 0 for a database without Colony's history
     * table, or -1 when the history holds something this build does not understand.
     */
    private int schemaVersion() {
        List<String> applied;
        try {
            // Flyway quotes the names of its history table and columns; so does this query, on every engine.
            applied = read(tx -> {
                try (Query query = ((JdbcTransaction) tx).handle().createQuery(
                        "SELECT \"version\", \"success\" FROM \"" + SCHEMA_HISTORY_TABLE + "\"")) {
                    return query.map((rs, ctx) -> rs.getBoolean(2) ? rs.getString(1) : null).list();
                }
            });
        } catch (ColonyException noHistory) {
            // A new database (or not a Colony one): Flyway decides, and refuses what it must.
            return 0;
        }
        int highest = 0;
        for (String version : applied) {
            if (version == null) {
                continue;
            }
            try {
                highest = Math.max(highest, Integer.parseInt(version.strip()));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return highest;
    }

    private void migrateLocked() {
        MigrationLock lock;
        try {
            lock = MigrationLock.acquire(dialect.databaseKey(), dialect.migrationLockFile());
        } catch (IOException e) {
            throw failure("cannot lock the database for migration", e);
        }
        try {
            runMigrations();
        } finally {
            try {
                lock.close();
            } catch (IOException e) {
                throw failure("cannot release the migration lock", e);
            }
        }
    }

    private void runMigrations() {
        List<String> locations = new ArrayList<>();
        locations.add(COMMON_MIGRATIONS);
        locations.addAll(dialect.extraMigrationLocations());
        try {
            Flyway.configure(JdbcStorageProvider.class.getClassLoader())
                    .dataSource(dialect.migrationDataSource())
                    .locations(locations.toArray(String[]::new))
                    .placeholders(dialect.placeholders())
                    .table(SCHEMA_HISTORY_TABLE)
                    .loggers("slf4j")
                    .cleanDisabled(true)
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            throw failure("cannot migrate the schema", e);
        }
    }

    private static String ensureStoreId(Handle handle) {
        Optional<String> existing = readMeta(handle, "store_id");
        if (existing.isPresent()) {
            return existing.get();
        }
        String created = UUID.randomUUID().toString();
        try (Update insert = handle.createUpdate(
                "INSERT INTO colony_meta (meta_key, meta_value) VALUES ('store_id', :id)")) {
            insert.bind("id", created).execute();
        }
        return created;
    }

    private static Optional<String> readMeta(Handle handle, String key) {
        try (Query query = handle.createQuery("SELECT meta_value FROM colony_meta WHERE meta_key = :key")) {
            return query.bind("key", key).mapTo(String.class).findOne();
        }
    }

    @Override
    public <T> T read(TransactionWork<T> work) {
        return run(false, work);
    }

    @Override
    public <T> T write(TransactionWork<T> work) {
        return run(true, work);
    }

    private <T> T run(boolean write, TransactionWork<T> work) {
        Objects.requireNonNull(work, "work");
        checkOpen();
        if (inTransaction.get() != null) {
            throw new ColonyException(ErrorCode.INTERNAL,
                    "a unit of work started another transaction on the same store; units must not nest");
        }
        inTransaction.set(Boolean.TRUE);
        try {
            if (write) {
                synchronized (writeMonitor) {
                    return runWithRetries(true, work);
                }
            }
            return runWithRetries(false, work);
        } finally {
            inTransaction.remove();
        }
    }

    private <T> T runWithRetries(boolean write, TransactionWork<T> work) {
        RetryPolicy policy = dialect.retryPolicy();
        ConnectionPool pool = write ? writes : reads;
        for (int attempt = 1; ; attempt++) {
            StoreConnection connection;
            try {
                connection = pool.acquire();
            } catch (ColonyException e) {
                throw e;
            } catch (RuntimeException e) {
                // Opening a connection sets pragmas, which can meet a locked database too.
                if (attempt < policy.maxAttempts() && isRetryable(e)) {
                    pause(policy, attempt, e);
                    continue;
                }
                throw failure("cannot open a connection", e);
            }
            boolean healthy = true;
            try {
                try {
                    dialect.begin(connection, write);
                } catch (RuntimeException e) {
                    if (attempt < policy.maxAttempts() && isRetryable(e)) {
                        pool.release(connection, !isConnectionLost(e));
                        connection = null;
                        pause(policy, attempt, e);
                        continue;
                    }
                    throw translate(e);
                }
                JdbcTransaction tx = new JdbcTransaction(connection, dialect, write);
                T result;
                try {
                    result = runAndCommit(write, tx, connection, work);
                } catch (Error e) {
                    healthy = rollback(connection, e);
                    throw e;
                } catch (RuntimeException e) {
                    healthy = rollback(connection, e) && !isConnectionLost(e);
                    if (healthy && tx.databaseFileChangedSeen()) {
                        afterFileChanged(connection, e);
                    }
                    if (write && tx.commitSent() && isConnectionLost(e)) {
                        throw failure("the connection was lost while committing; whether the transaction "
                                + "was applied is unknown", e);
                    }
                    if (attempt < policy.maxAttempts() && isRetryable(e)) {
                        pool.release(connection, healthy);
                        connection = null;
                        pause(policy, attempt, e);
                        continue;
                    }
                    throw translate(e);
                }
                pool.release(connection, true);
                connection = null;
                // Outside the connection and the retry loop: caches learn only from what committed.
                try {
                    tx.committed();
                } finally {
                    Runnable listener = memoryListener;
                    if (listener != null && tx.memoriesMoved()) {
                        listener.run();
                    }
                }
                return result;
            } finally {
                if (connection != null) {
                    pool.release(connection, healthy);
                }
            }
        }
    }

    /**
     * Runs the unit and commits it. A write commits only while the database path still names the file
     * the store opened: when the file was deleted or replaced underneath, the write is rolled back and
     * reported rather than acknowledged into a file nobody will open again.
     */
    private <T> T runAndCommit(boolean write, JdbcTransaction tx, StoreConnection connection,
            TransactionWork<T> work) {
        T result;
        try {
            result = work.run(tx);
        } finally {
            tx.end();
        }
        if (write && databaseFile != null) {
            Optional<ColonyException> changed = databaseFile.change("this write was not stored");
            if (changed.isPresent()) {
                tx.databaseFileChanged();
                throw changed.get();
            }
        }
        tx.commitSending();
        dialect.commit(connection);
        return result;
    }

    /** Lets the dialect part from a file that was deleted or replaced underneath; best effort. */
    private void afterFileChanged(StoreConnection connection, RuntimeException reported) {
        try {
            dialect.fileChanged(connection);
        } catch (RuntimeException e) {
            reported.addSuppressed(e);
        }
    }

    /** Rolls back after a failure; returns whether the connection is still fit for reuse. */
    private boolean rollback(StoreConnection connection, Throwable cause) {
        try {
            dialect.rollback(connection);
            return true;
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
            return false;
        }
    }

    private void pause(RetryPolicy policy, int failedAttempts, RuntimeException cause) {
        long base = policy.backoffNanos(failedAttempts);
        long nanos = base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
        LockSupport.parkNanos(nanos);
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw failure("interrupted while waiting to retry a busy database", cause);
        }
        if (closed.get()) {
            throw new ColonyException(ErrorCode.CLOSED, "the store was closed while a transaction waited to retry");
        }
    }

    private boolean isConnectionLost(Throwable error) {
        return anySqlException(error, dialect::isConnectionLost);
    }

    private boolean isRetryable(Throwable error) {
        return anySqlException(error, dialect::isRetryable);
    }

    /** Whether a database error in {@code error}'s causes (or their chained exceptions) matches. */
    private static boolean anySqlException(Throwable error, Predicate<SQLException> test) {
        if (error instanceof ColonyException) {
            return false;
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException e = sql; e != null; e = e.getNextException()) {
                    if (test.test(e)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Database errors become STORAGE_FAILURE; anything the unit threw itself passes through. */
    private RuntimeException translate(RuntimeException error) {
        if (error instanceof JdbiException || error instanceof JdbcFailure) {
            return failure("a database operation failed", error);
        }
        return error;
    }

    private ColonyException failure(String what, Throwable cause) {
        String detail = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new ColonyException(ErrorCode.STORAGE_FAILURE, dialect.name() + " store: " + what + ": " + detail, cause);
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new ColonyException(ErrorCode.CLOSED, "the " + dialect.name() + " store is closed");
        }
    }

    @Override
    public void onMemoryCommit(Runnable listener) {
        memoryListener = listener;
    }

    @Override
    public Optional<Listening> listen(StorageTopic topic, Runnable onChange) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(onChange, "onChange");
        checkOpen();
        return dialect.listen(topic, onChange);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            partFromChangedFile();
            writes.close();
        } finally {
            try {
                reads.close();
            } finally {
                try {
                    dialect.stop();
                } catch (SQLException | RuntimeException ignored) {
                    // Closing releases what it can; the database files stay consistent either way.
                }
            }
        }
    }

    /**
     * On close, when the database file was deleted or replaced since the store opened it, lets the dialect
     * part from it on the write connection (see {@link Dialect#fileChanged}), as a refused write does.
     */
    private void partFromChangedFile() {
        if (databaseFile == null || databaseFile.change("").isEmpty()) {
            return;
        }
        synchronized (writeMonitor) {
            StoreConnection connection;
            try {
                connection = writes.acquire();
            } catch (RuntimeException refused) {
                return;
            }
            boolean healthy = true;
            try {
                dialect.fileChanged(connection);
            } catch (RuntimeException e) {
                healthy = false;
            } finally {
                writes.release(connection, healthy);
            }
        }
    }

    @Override
    public String toString() {
        return dialect.name() + location().map(path -> " " + path).orElse("");
    }
}
