package dev.colony.store.h2;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.store.jdbc.JdbcStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.UUID;

/**
 * Colony on an H2 database, either in a file or in memory.
 *
 * <ul>
 *   <li>{@link #file(Path)}: name {@code h2-file}; persistent, stores vectors. H2 locks the file for
 *       the process that opened it, so it is not a multi-process store. (H2's {@code AUTO_SERVER}
 *       mode is deliberately not used: it makes the first process a TCP server for the others, whose
 *       connections break when that process exits. Use the SQLite store to share one file.)</li>
 *   <li>{@link #inMemory()}: name {@code h2-mem}; a private database that disappears when the
 *       provider closes; stores vectors. The store for tests of applications that embed Colony.</li>
 * </ul>
 * Write transactions are serialized at the database level, so memory ids become visible in
 * increasing order.
 */
public final class H2StorageProvider extends JdbcStorageProvider {

    private static final String H2_SUFFIX = ".mv.db";

    private H2StorageProvider(H2Dialect dialect) {
        super(dialect);
    }

    /**
     * Opens (creating it, and its parent directories, if needed) an H2 database file and brings its
     * schema up to date. H2 names its file {@code <base>.mv.db}: {@code dbFile} may be that file or the
     * base name; {@link #location()} is the {@code .mv.db} file either way.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} when the file cannot be created, opened (another
     *     process has it open, say) or migrated
     */
    public static H2StorageProvider file(Path dbFile) {
        Objects.requireNonNull(dbFile, "dbFile");
        Path absolute = dbFile.toAbsolutePath().normalize();
        String fileName = absolute.getFileName().toString();
        Path base = fileName.endsWith(H2_SUFFIX)
                ? absolute.resolveSibling(fileName.substring(0, fileName.length() - H2_SUFFIX.length()))
                : absolute;
        Path file = base.resolveSibling(base.getFileName() + H2_SUFFIX);
        try {
            Path parent = base.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "h2-file store: cannot create the directory of " + file + ": " + e.getMessage(), e);
        }
        return new H2StorageProvider(H2Dialect.file(base, file));
    }

    /** Opens a fresh, private in-memory database that is dropped when the provider closes. */
    public static H2StorageProvider inMemory() {
        return new H2StorageProvider(H2Dialect.inMemory("colony-" + UUID.randomUUID()));
    }

    /**
     * Opens the in-memory database {@code name} of this JVM, creating it if no open provider has it:
     * several providers opened with one name share one database, which lives until the last of them
     * closes.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code name} when it is blank or not made
     *     of letters, digits, {@code -} and {@code _}
     */
    public static H2StorageProvider inMemory(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_-]{1,100}")) {
            throw ColonyException.invalid("name", "must be 1 to 100 letters, digits, '-' or '_'");
        }
        return new H2StorageProvider(H2Dialect.inMemory("colony-named-" + name));
    }
}
