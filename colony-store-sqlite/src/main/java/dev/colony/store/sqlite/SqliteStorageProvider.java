package dev.colony.store.sqlite;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.jdbc.JdbcStorageProvider;
import dev.colony.store.jdbc.JdbiWarmUp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import javax.sql.DataSource;
import org.sqlite.SQLiteDataSource;

/**
 * Colony's default store: a SQLite database file that many processes (one MCP server per agent, a
 * CLI, an embedding application) open at the same time.
 *
 * <p>Settings: WAL journal (readers never wait for the writer), {@code synchronous=NORMAL},
 * enforced foreign keys, a busy timeout, {@code BEGIN IMMEDIATE} for write transactions and plain
 * deferred transactions for reads on separate connections. The provider keeps one write connection
 * and a few read connections open for its lifetime, and retries busy or locked errors with bounded
 * backoff, so callers never see them. Capabilities: persistent, multi-process, stores vectors.
 *
 * <p>Damage is looked for where it is likely: each process marks the store open beside the file while
 * it has it open (see {@link OpenMarkers}), and when a process ended without closing it (killed, or the
 * machine stopped), the next open runs SQLite's quick check first and refuses a damaged file.
 * {@link SqliteHealth#examine} is the full check. An empty file where a store was kept is refused
 * rather than opened as a new, empty store, and a write fails when the file was deleted or replaced
 * while the store had it open.
 *
 * <p>SQLite's native library is loaded from a per-version user cache directory rather than copied to
 * the temporary directory on every start (see {@link NativeLibraryCache}), so a killed process leaks
 * nothing.
 */
public final class SqliteStorageProvider extends JdbcStorageProvider {

    private final SqliteDialect sqlite;

    private SqliteStorageProvider(SqliteDialect dialect) {
        super(dialect);
        this.sqlite = dialect;
        try {
            dialect.markOpen();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Whether opening found that a process had ended without closing the store, and checked the file. */
    boolean checkedAfterUncleanClose() {
        return sqlite.checkedAfterUncleanClose();
    }

    /**
     * Opens (creating it, and its parent directories, if needed) the database file {@code dbFile}
     * with {@link SqliteOptions#defaults()} and brings its schema up to date.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the file cannot be created, opened or migrated
     */
    public static SqliteStorageProvider open(Path dbFile) {
        return open(dbFile, SqliteOptions.defaults());
    }

    /**
     * Opens the database file {@code dbFile} with {@code options}; see {@link #open(Path)}.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the file cannot be created, opened or migrated
     */
    public static SqliteStorageProvider open(Path dbFile, SqliteOptions options) {
        Objects.requireNonNull(dbFile, "dbFile");
        Objects.requireNonNull(options, "options");
        JdbiWarmUp.start();
        NativeLibraryCache.install();
        Path file = dbFile.toAbsolutePath().normalize();
        try {
            Path parent = file.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "sqlite store: cannot create the directory of " + file + ": " + e.getMessage(), e);
        }
        return new SqliteStorageProvider(new SqliteDialect(file, options));
    }

    /**
     * A data source for the same file with the same pragmas as the store's connections (WAL,
     * {@code synchronous=NORMAL}, foreign keys, busy timeout), in auto-commit mode, opening a new
     * connection on every call. Meant for baselines and tools, e.g. the benchmark's raw insert that
     * the store's own write rate is compared with; for a fair comparison open one connection (or one
     * Jdbi handle) and reuse it, as the store does. The store's own schema and locking rules apply to
     * anything written through it.
     */
    public DataSource baselineDataSource() {
        SQLiteDataSource source = new SQLiteDataSource(sqlite.config(false));
        source.setUrl("jdbc:sqlite:" + location().orElseThrow());
        return source;
    }
}
