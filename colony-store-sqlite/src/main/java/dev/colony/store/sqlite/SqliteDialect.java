package dev.colony.store.sqlite;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.store.jdbc.Dialect;
import dev.colony.store.jdbc.RetryPolicy;
import dev.colony.store.jdbc.StoreConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
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
    private volatile OpenMarkers.Held openMarker;
    private boolean checkedAfterUncleanClose;

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

    /** SQLite has no {@code POSITION}; its {@code instr} is case-sensitive, unlike its {@code LIKE}. */
    @Override
    public String containsText(String column) {
        return "instr(" + column + ", ?) > 0";
    }

    @Override
    public Map<String, String> placeholders() {
        return Map.of("id_column", "INTEGER PRIMARY KEY AUTOINCREMENT", "blob", "BLOB");
    }

    /**
     * Refuses, before any pragma touches it, a file that is neither new nor a Colony store, and one that a
     * quick check finds damaged after a process ended without closing the store.
     */
    @Override
    public void start() throws SQLException {
        ForeignFileCheck.requireColonyOrEmpty(file);
        checkAfterUncleanClose();
    }

    /**
     * When a process ended with the store open (see {@link OpenMarkers}), runs SQLite's quick check of
     * every page before anything else reads or writes the file; a damaged file is refused, and its
     * markers stay so that the next open checks again. A clean close leaves nothing to check: a full
     * check is {@code colony doctor}'s.
     */
    private void checkAfterUncleanClose() throws SQLException {
        try (OpenMarkers.Stale abandoned = OpenMarkers.claimStale(file)) {
            if (abandoned.count() == 0) {
                return;
            }
            if (Files.isRegularFile(file) && Files.size(file) > 0) {
                List<String> problems;
                try (Connection connection = openConnection(false)) {
                    problems = SqliteHealth.quickCheck(connection);
                }
                if (!problems.isEmpty()) {
                    throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: refusing to open " + file
                            + ": a process ended without closing it, and a quick check found it damaged ("
                            + String.join("; ", problems) + "). Run `colony doctor` for the full check, and restore "
                            + "the file from a backup.");
                }
            }
            abandoned.delete();
            checkedAfterUncleanClose = true;
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: cannot read the open markers in "
                    + OpenMarkers.directory(file) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Marks the store open by this process until {@link #stop()}: called once the schema is in place, so
     * that the markers' directory exists only beside a file that held a store.
     */
    void markOpen() {
        try {
            openMarker = OpenMarkers.enter(file);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: cannot mark " + file
                    + " open in " + OpenMarkers.directory(file) + ": " + e.getMessage(), e);
        }
    }

    /** Whether opening found that a process had ended without closing the store, and checked the file. */
    boolean checkedAfterUncleanClose() {
        return checkedAfterUncleanClose;
    }

    /** Removes this process's open marker: every connection is closed, so the file is consistent. */
    @Override
    public void stop() throws SQLException {
        OpenMarkers.Held marker = openMarker;
        openMarker = null;
        if (marker != null) {
            try {
                marker.delete();
            } catch (IOException e) {
                throw new SQLException("cannot remove the open marker of " + file + ": " + e.getMessage(), e);
            }
        }
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
