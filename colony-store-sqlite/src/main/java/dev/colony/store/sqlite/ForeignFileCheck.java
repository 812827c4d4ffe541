package dev.colony.store.sqlite;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.sqlite.SQLiteConfig;
import org.sqlite.jdbc4.JDBC4Connection;
import org.sqlite.SQLiteOpenMode;

/**
 * Looks at an existing file before the store changes anything in it. Opening a store switches the
 * database to WAL and migrates it; doing that to a file that belongs to another application would
 * modify it before Flyway got round to refusing it. So the file is inspected first, read-only: it must
 * be empty, or a SQLite database that is empty or already holds Colony's tables. An empty file where a
 * store was kept (see {@link #requireColonyOrEmpty}) is refused too: opening it would quietly start an
 * empty store in place of the lost one.
 */
final class ForeignFileCheck {

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    /** Tables whose presence marks a Colony store (the history table, and the meta table of version 1). */
    private static final Set<String> COLONY_TABLES = Set.of("colony_schema_history", "colony_meta");

    private ForeignFileCheck() {
    }

    /**
     * Returns normally when {@code file} is missing, empty, or a SQLite database that is empty or a
     * Colony store; otherwise refuses with {@code STORAGE_FAILURE}, having changed nothing. An empty or
     * unrecognisable file beside the traces of a store (its open markers, or a write-ahead log with
     * content) is refused with what to do.
     */
    static void requireColonyOrEmpty(Path file) {
        byte[] header;
        try (InputStream in = Files.newInputStream(file)) {
            header = in.readNBytes(SQLITE_HEADER.length);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            String cause = e instanceof AccessDeniedException ? "permission denied" : e.toString();
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: cannot read " + file + ": " + cause, e);
        }
        if (header.length == 0 || !Arrays.equals(header, SQLITE_HEADER)) {
            Optional<Path> trace = traceOfStore(file);
            if (trace.isPresent()) {
                throw lost(file, header.length == 0 ? "the file is empty" : "it is no longer a SQLite database",
                        trace.get());
            }
            if (header.length == 0) {
                return;
            }
            throw refused(file, "it is not a SQLite database");
        }
        List<String> tables = tables(file);
        if (tables.isEmpty() || tables.stream().anyMatch(COLONY_TABLES::contains)) {
            return;
        }
        throw refused(file, "it is a SQLite database of another application (tables: "
                + String.join(", ", tables.subList(0, Math.min(5, tables.size())))
                + (tables.size() > 5 ? ", …" : "") + ")");
    }

    /**
     * Whether {@code file}, which {@link #requireColonyOrEmpty} accepted, holds no store yet: it is empty or a
     * SQLite database without tables, and nothing beside it shows that a store was kept there. A first start
     * killed before it made the schema leaves such a file (a client's health check does); the next open makes
     * the schema in it.
     */
    static boolean holdsNoStoreYet(Path file) {
        try {
            if (traceOfStore(file).isPresent()) {
                return false;
            }
            return Files.size(file) == 0 || tables(file).isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static List<String> tables(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        String path = file.toAbsolutePath().toString();
        try (Connection connection = new JDBC4Connection("jdbc:sqlite:" + path, path, config.toProperties());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")) {
            List<String> names = new ArrayList<>();
            while (rows.next()) {
                names.add(rows.getString(1));
            }
            return names;
        } catch (SQLException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: cannot inspect " + file
                    + " before opening it: " + e.getMessage(), e);
        }
    }

    /**
     * What shows that a Colony store was kept in {@code file}: the directory of its open markers (made
     * once a store there had its schema), or a write-ahead log with content (a new store's first
     * transactions never leave the database file empty). Empty when nothing does.
     */
    private static Optional<Path> traceOfStore(Path file) {
        Path markers = OpenMarkers.directory(file);
        if (Files.isDirectory(markers)) {
            return Optional.of(markers);
        }
        Path wal = file.resolveSibling(file.getFileName() + "-wal");
        try {
            return Files.size(wal) > 0 ? Optional.of(wal) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The refusal of a file whose store is gone: opening it would silently start an empty store. */
    private static ColonyException lost(Path file, String what, Path trace) {
        return new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: refusing to open " + file + ": " + what
                + ", but a Colony store was kept there (" + trace + " remains); it was left unchanged. If the "
                + "store was lost by accident, restore the file from a backup (or `colony import` an export into a "
                + "new store); to start an empty store there, delete " + file + " and " + trace + ".");
    }

    private static ColonyException refused(Path file, String why) {
        return new ColonyException(ErrorCode.STORAGE_FAILURE, "sqlite store: refusing to open " + file + ": " + why
                + "; it was left unchanged. Point --db (or the store path) at a Colony database or a new file.");
    }
}
