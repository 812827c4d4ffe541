package dev.colony.store.sqlite;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.jdbc.JdbcStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * What a full check of a SQLite store file found: {@code colony doctor}'s report. The check reads every
 * page ({@code PRAGMA integrity_check}), every foreign key ({@code PRAGMA foreign_key_check}) and the
 * schema history, and changes nothing in the file.
 *
 * @param file the database file
 * @param problems what is wrong, one line each; empty when the file is sound
 * @param schemaVersion the highest schema version applied to the file, 0 when none could be read
 * @param storeId the store's id, {@code null} when it could not be read
 * @param memories how many memories the file holds, -1 when they could not be counted
 * @param latestRev the number of the store's latest change, -1 when it could not be read
 * @param abandonedBy how many processes ended without closing the store (their next open checks the
 *     file quickly); their markers are cleared when the file is sound
 */
public record SqliteHealth(Path file, List<String> problems, int schemaVersion, String storeId, long memories,
        long latestRev, int abandonedBy) {

    /** At most this many lines of one check are reported. */
    static final int MAX_LINES = 20;

    /** Copies the problems. */
    public SqliteHealth {
        Objects.requireNonNull(file, "file");
        problems = List.copyOf(problems);
    }

    /** Whether the check found nothing wrong. */
    public boolean healthy() {
        return problems.isEmpty();
    }

    /**
     * Whether the file holds no store yet (empty, or a database without tables, and no trace of a store beside
     * it): a first start ended before it made the schema, and the next open makes it. Not a problem.
     */
    public boolean noStoreYet() {
        return problems.isEmpty() && schemaVersion == 0 && storeId == null;
    }

    /** Whether the schema is older than this build's: the next open of the store updates it. */
    public boolean schemaBehind() {
        return schemaVersion > 0 && schemaVersion < JdbcStorageProvider.SCHEMA_VERSION;
    }

    /**
     * Checks the store file {@code dbFile} in full; a damaged file is reported, not thrown.
     *
     * @throws ColonyException {@code NOT_FOUND} naming the path when there is no such file
     */
    public static SqliteHealth examine(Path dbFile) {
        Path file = dbFile.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new ColonyException(ErrorCode.NOT_FOUND, "db: no Colony store at " + file + ": no such file");
        }
        NativeLibraryCache.install();
        List<String> problems = new ArrayList<>();
        try {
            ForeignFileCheck.requireColonyOrEmpty(file);
            if (ForeignFileCheck.holdsNoStoreYet(file)) {
                return new SqliteHealth(file, List.of(), 0, null, 0, 0, 0);
            }
            if (Files.size(file) == 0) {
                problems.add("the file is empty");
            }
        } catch (ColonyException e) {
            problems.add(e.getMessage());
        } catch (IOException e) {
            problems.add("cannot read the file: " + e.getMessage());
        }
        if (!problems.isEmpty()) {
            return new SqliteHealth(file, problems, 0, null, -1, -1, 0);
        }
        try (OpenMarkers.Stale abandoned = OpenMarkers.claimStale(file);
                Connection connection = connect(file)) {
            problems.addAll(pragmaCheck(connection, "integrity_check(" + MAX_LINES + ")"));
            problems.addAll(foreignKeyProblems(connection));
            int version = schemaVersion(connection, problems);
            String storeId = firstValue(connection, "SELECT meta_value FROM colony_meta WHERE meta_key = 'store_id'",
                    problems);
            String memories = firstValue(connection, "SELECT COUNT(*) FROM memories", problems);
            String latestRev = firstValue(connection, "SELECT COALESCE(MAX(rev), 0) FROM memories", problems);
            int abandonedBy = abandoned.count();
            if (problems.isEmpty()) {
                abandoned.delete();
            }
            return new SqliteHealth(file, problems, version, storeId, memories == null ? -1 : Long.parseLong(memories),
                    latestRev == null ? -1 : Long.parseLong(latestRev), abandonedBy);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: cannot read the markers beside "
                    + file + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            problems.add("cannot open the file: " + e.getMessage());
            return new SqliteHealth(file, problems, 0, null, -1, -1, 0);
        }
    }

    /**
     * A connection that reads only. It may still replay the write-ahead log of a process that ended, which
     * SQLite does on any first open; that changes no data.
     */
    private static Connection connect(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(5_000);
        config.resetOpenMode(SQLiteOpenMode.CREATE);
        String path = file.toString();
        Connection connection = new JDBC4Connection("jdbc:sqlite:" + path, path, config.toProperties());
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA query_only = true");
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /**
     * What the quick check ({@code PRAGMA quick_check}) finds wrong in the database on {@code connection}:
     * every page's structure, without comparing indexes with their tables. Empty when it is sound.
     */
    static List<String> quickCheck(Connection connection) {
        return pragmaCheck(connection, "quick_check(5)");
    }

    /** The lines of an integrity pragma other than its single {@code ok}; a failure to run it is one line. */
    private static List<String> pragmaCheck(Connection connection, String pragma) {
        List<String> lines = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("PRAGMA " + pragma)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        } catch (SQLException e) {
            return List.of(e.getMessage());
        }
        return lines.equals(List.of("ok")) ? List.of() : lines;
    }

    private static List<String> foreignKeyProblems(Connection connection) {
        List<String> lines = new ArrayList<>();
        int found = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("PRAGMA foreign_key_check")) {
            while (rows.next()) {
                found++;
                if (lines.size() < MAX_LINES) {
                    lines.add("foreign key: row " + rows.getLong(2) + " of " + rows.getString(1)
                            + " refers to a missing row of " + rows.getString(3));
                }
            }
        } catch (SQLException e) {
            return List.of("foreign key check failed: " + e.getMessage());
        }
        if (found > lines.size()) {
            lines.add("foreign key: " + (found - lines.size()) + " more rows refer to missing rows");
        }
        return lines;
    }

    /** The highest applied schema version; a failed, unknown or newer migration is added to {@code problems}. */
    private static int schemaVersion(Connection connection, List<String> problems) {
        int highest = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT \"version\", \"success\" FROM \"colony_schema_history\" WHERE \"version\" IS NOT NULL")) {
            while (rows.next()) {
                String version = rows.getString(1).strip();
                if (!rows.getBoolean(2)) {
                    problems.add("schema: migration " + version + " failed");
                    continue;
                }
                try {
                    highest = Math.max(highest, Integer.parseInt(version));
                } catch (NumberFormatException e) {
                    problems.add("schema: unknown version " + version);
                }
            }
        } catch (SQLException e) {
            problems.add("schema: cannot read the history: " + e.getMessage());
            return 0;
        }
        if (highest > JdbcStorageProvider.SCHEMA_VERSION) {
            problems.add("schema: version " + highest + " is newer than this build's " + JdbcStorageProvider.SCHEMA_VERSION
                    + "; use a newer colony");
        }
        return highest;
    }

    private static String firstValue(Connection connection, String sql, List<String> problems) {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        } catch (SQLException e) {
            problems.add("cannot read (" + sql + "): " + e.getMessage());
            return null;
        }
    }
}
