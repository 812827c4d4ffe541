package dev.colony.store.jdbc;

import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StorageTopic;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.jdbi.v3.core.Handle;

/**
 * What one database engine contributes to {@link JdbcStorageProvider}: connections, transaction
 * boundaries, error classification and the column types the shared migrations leave open.
 *
 * <p>The provider owns everything else (SQL, mapping, pooling, retries, migrations), so a dialect
 * stays small and no record logic is written twice. A dialect instance serves one provider.
 */
public abstract class Dialect {

    /** Creates a dialect. */
    protected Dialect() {
    }

    /** The provider name reported by {@link dev.colony.spi.storage.StorageProvider#name()}. */
    public abstract String name();

    /** The capabilities the provider declares. */
    public abstract Set<StorageCapability> capabilities();

    /** The database file, when there is one. */
    public abstract Optional<Path> location();

    /**
     * Values for the placeholders of the shared migrations: {@code id_column} (an auto-incremented
     * 64-bit primary key that never reuses ids) and {@code blob} (variable-length binary).
     */
    public abstract Map<String, String> placeholders();

    /**
     * Flyway locations with migrations only this engine runs, in addition to the shared
     * {@code classpath:db/colony/common}. None by default.
     */
    public List<String> extraMigrationLocations() {
        return List.of();
    }

    /**
     * Opens a new connection, configured for this engine and left in auto-commit mode.
     *
     * @param forWrites whether the connection will run write transactions
     */
    public abstract Connection openConnection(boolean forWrites) throws SQLException;

    /** The data source Flyway migrates through; it opens fresh connections like {@link #openConnection}. */
    public abstract DataSource migrationDataSource();

    /**
     * How many connections may serve read transactions at once. Write transactions always share one
     * connection per provider: every engine here admits a single writer at a time anyway.
     */
    public int readConnections() {
        return 4;
    }

    /**
     * A file whose operating-system lock serializes migrations of this database across processes,
     * or empty when the database cannot be shared between processes.
     */
    public abstract Optional<Path> migrationLockFile();

    /** Identifies the database within this JVM, to serialize migrations between providers of it. */
    public abstract String databaseKey();

    /** Called once before the provider opens its first connection. Nothing by default. */
    public void start() throws SQLException {
    }

    /** Called once after the provider has closed all its connections. Nothing by default. */
    public void stop() throws SQLException {
    }

    /**
     * Starts a transaction on {@code connection}; for a write transaction it must, when it returns, hold
     * whatever lock makes this the only writer of the database, so that memory ids are assigned in
     * commit order. When it throws, it must leave no transaction open.
     */
    public abstract void begin(StoreConnection connection, boolean write);

    /** Commits the transaction begun by {@link #begin}. When it throws, the transaction may still be open. */
    public abstract void commit(StoreConnection connection);

    /**
     * Rolls back the transaction begun by {@link #begin}; must succeed when the engine already ended the
     * transaction on its own. When it throws, the provider discards the connection.
     */
    public abstract void rollback(StoreConnection connection);

    /** Whether {@code error} means the database was busy or locked, so that a retry may succeed. */
    public abstract boolean isRetryable(SQLException error);

    /**
     * Whether {@code error} means the connection to the database broke (a network failure, a server
     * restart). The provider then discards the connection, and retries the unit on a new one unless
     * the commit had already been sent, when whether it applied is unknown. Implies
     * {@link #isRetryable}. Never for an embedded engine, the default.
     */
    public boolean isConnectionLost(SQLException error) {
        return false;
    }

    /**
     * Called on the write connection, its transaction rolled back, when the database file was deleted or
     * replaced while the provider had it open: a chance to keep companion files at the path (a
     * write-ahead log) from being read as part of whatever file is there now. Nothing by default.
     */
    public void fileChanged(StoreConnection connection) {
    }

    /** Whether {@code error} is the violation of a unique or primary key constraint. */
    public abstract boolean isUniqueViolation(SQLException error);

    /**
     * Announces a committed-to-be change of {@code topic} to listeners in other processes, inside the write
     * transaction on {@code handle}, for engines that deliver such news at commit. Nothing by default.
     */
    public void announce(Handle handle, StorageTopic topic) {
    }

    /**
     * Lets the ids {@code table} hands out next follow the largest one stored, after rows were inserted with
     * their ids (an archive's restore). Nothing by default: an auto-increment that tracks explicit ids.
     */
    public void realignIds(Handle handle, String table) {
        // SQLite's AUTOINCREMENT already remembers the largest id inserted.
    }

    /**
     * Starts calling {@code onChange} when another process announces a change of {@code topic}; see
     * {@link dev.colony.spi.storage.StorageProvider#listen}. Empty by default: the engine cannot push.
     */
    public Optional<StorageProvider.Listening> listen(StorageTopic topic, Runnable onChange) {
        return Optional.empty();
    }

    /**
     * A condition true when the text parameter ({@code ?}) occurs in {@code column}, case-sensitively. The SQL
     * standard's {@code POSITION} by default.
     */
    public String containsText(String column) {
        return "POSITION(? IN " + column + ") > 0";
    }

    /**
     * {@code column} as an operand of a text comparison that orders by character code (binary), not by the
     * language collation the database may have been created with. The column as it is by default.
     */
    public String binaryText(String column) {
        return column;
    }

    /** How lost lock races are retried. */
    public RetryPolicy retryPolicy() {
        return RetryPolicy.defaults();
    }
}
