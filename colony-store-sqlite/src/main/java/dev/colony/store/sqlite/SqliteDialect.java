package dev.colony.store.sqlite;

import dev.colony.spi.storage.StorageCapability;
import dev.colony.store.jdbc.Dialect;
import dev.colony.store.jdbc.RetryPolicy;
import dev.colony.store.jdbc.StoreConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import javax.sql.DataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * SQLite's part of the relational store.
 *
 * <p>Transactions are begun and ended with explicit SQL on connections that stay in JDBC auto-commit
 * mode. sqlite-jdbc's own transaction handling begins the next transaction as soon as one commits,
 * which on a connection configured for {@code IMMEDIATE} would hold the database's write lock between
 * transactions and starve every other process; explicit {@code BEGIN IMMEDIATE} / {@code COMMIT}
 * holds it only while a unit of work runs. The write connection is still configured with
 * {@link SQLiteConfig.TransactionMode#IMMEDIATE}, so any JDBC-level transaction on it is immediate too.
 */
final class SqliteDialect extends Dialect {

    private static final Set<StorageCapability> CAPABILITIES = Set.copyOf(
            EnumSet.of(StorageCapability.PERSISTENT, StorageCapability.MULTI_PROCESS, StorageCapability.VECTORS));
    private static final Set<Integer> UNIQUE_CODES = Set.of(
            SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE.code, SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY.code);
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;

    private final Path file;
    private final SqliteOptions options;
    private final SQLiteDataSource readSource;
    private final String url;
    private final Properties readProperties;
    private final Properties writeProperties;

    SqliteDialect(Path file, SqliteOptions options) {
        this.file = file;
        this.options = options;
        this.readSource = dataSource(false);
        this.url = "jdbc:sqlite:" + file.toAbsolutePath();
        this.readProperties = config(false).toProperties();
        this.writeProperties = config(true).toProperties();
    }

    /** The pragmas every connection of the store gets. */
    SQLiteConfig config(boolean forWrites) {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        // A purged memory's text must not linger in a page's free space: zero what is freed, at no extra I/O.
        config.setPragma(SQLiteConfig.Pragma.SECURE_DELETE, "FAST");
        config.setBusyTimeout((int) options.busyTimeout().toMillis());
        if (forWrites) {
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        }
        return config;
    }

    private SQLiteDataSource dataSource(boolean forWrites) {
        SQLiteDataSource source = new SQLiteDataSource(config(forWrites));
        source.setUrl("jdbc:sqlite:" + file.toAbsolutePath());
        return source;
    }

    @Override
    public String name() {
        return "sqlite";
    }

    @Override
    public Set<StorageCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public Optional<Path> location() {
        return Optional.of(file);
    }

    @Override
    public Map<String, String> placeholders() {
        return Map.of("id_column", "INTEGER PRIMARY KEY AUTOINCREMENT", "blob", "BLOB");
    }

    /** Refuses, before any pragma touches it, a file that is neither new nor a Colony store. */
    @Override
    public void start() {
        ForeignFileCheck.requireColonyOrEmpty(file);
    }

    /**
     * A connection made by the driver's connection class directly: going through its {@code Driver}
     * (as a data source does) initialises {@code DriverManager}, which loads every JDBC driver on the
     * class path (PostgreSQL's too), a noticeable share of a short-lived process's start.
     */
    @Override
    public Connection openConnection(boolean forWrites) throws SQLException {
        return new JDBC4Connection(url, file.toAbsolutePath().toString(),
                (Properties) (forWrites ? writeProperties : readProperties).clone());
    }

    @Override
    public DataSource migrationDataSource() {
        return readSource;
    }

    @Override
    public int readConnections() {
        return options.readConnections();
    }

    @Override
    public Optional<Path> migrationLockFile() {
        return Optional.of(file.resolveSibling(file.getFileName() + ".migration-lock"));
    }

    @Override
    public String databaseKey() {
        return "sqlite:" + file.toAbsolutePath().normalize();
    }

    @Override
    public void begin(StoreConnection connection, boolean write) {
        connection.execute(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
    }

    @Override
    public void commit(StoreConnection connection) {
        connection.execute("COMMIT");
    }

    @Override
    public void rollback(StoreConnection connection) {
        try {
            connection.execute("ROLLBACK");
        } catch (RuntimeException e) {
            // Some errors (a full disk, an I/O error) make SQLite roll back on its own; nothing is left to undo.
            Throwable cause = e.getCause();
            String message = cause == null ? null : cause.getMessage();
            if (message == null || !message.contains("no transaction is active")) {
                throw e;
            }
        }
    }

    /**
     * Moves the write-ahead log into the file this store has open and empties it. SQLite keeps the log
     * beside the path, not beside the file, and leaves it there when it closes a moved file; a process
     * that then opens the file now at the path would read the old file's pages from it. Best effort: a
     * reader of the old file may keep part of the log in use.
     */
    @Override
    public void fileChanged(StoreConnection connection) {
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    }

    @Override
    public boolean isRetryable(SQLException error) {
        int code = error instanceof SQLiteException sqlite ? sqlite.getResultCode().code : error.getErrorCode();
        int primary = code & 0xff;
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
    }

    @Override
    public boolean isUniqueViolation(SQLException error) {
        return error instanceof SQLiteException sqlite && UNIQUE_CODES.contains(sqlite.getResultCode().code);
    }

    @Override
    public RetryPolicy retryPolicy() {
        return options.retry();
    }
}
