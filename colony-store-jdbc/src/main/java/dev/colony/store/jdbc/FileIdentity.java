package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;

/**
 * Which file a store's path named when the store opened it, so that a write can tell whether the path
 * still names that file.
 *
 * <p>An embedded engine keeps its database file open. When the file is deleted, or replaced by another
 * one (a rename over it, a restored backup), the engine goes on reading and writing the file it has open,
 * which nobody will open again: every write from then on would be acknowledged and then lost when the
 * process ends. The identity is the operating system's file key (device and inode on Linux and macOS),
 * or, where the file system has none, the file's creation time; checking it costs one {@code stat}.
 */
final class FileIdentity {

    private final String store;
    private final Path path;
    private final Object key;

    private FileIdentity(String store, Path path, Object key) {
        this.store = store;
        this.path = path;
        this.key = key;
    }

    /**
     * The identity of the file {@code path} names now; {@code store} names the engine in messages.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} naming the path when it cannot be read
     */
    static FileIdentity of(String store, Path path) {
        Objects.requireNonNull(path, "path");
        Object key;
        try {
            key = keyOf(path);
        } catch (NoSuchFileException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, store + " store: the database file " + path
                    + " disappeared while the store was being opened", e);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, store + " store: cannot read the attributes of "
                    + path + ": " + e.getMessage(), e);
        }
        return new FileIdentity(store, path, key);
    }

    private static Object keyOf(Path path) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        Object key = attributes.fileKey();
        return key != null ? key : attributes.creationTime();
    }

    /**
     * The error to report when the path no longer names the file the store opened (it was deleted, or
     * now names another file): what a write would change is no longer what the path will open. Empty
     * while the path names the file. {@code consequence} says what was refused, e.g. "this write was not
     * stored".
     */
    Optional<ColonyException> change(String consequence) {
        Object now;
        try {
            now = keyOf(path);
        } catch (NoSuchFileException e) {
            return Optional.of(new ColonyException(ErrorCode.STORAGE_FAILURE, store + " store: the database file "
                    + path + " was deleted while this process had it open, so nothing more can be stored in it: "
                    + consequence + ". Restore the file from a backup if it was deleted by mistake, then restart this "
                    + "process.", e));
        } catch (IOException e) {
            return Optional.of(new ColonyException(ErrorCode.STORAGE_FAILURE, store + " store: cannot check the "
                    + "database file " + path + ": " + e.getMessage() + "; " + consequence, e));
        }
        if (now.equals(key)) {
            return Optional.empty();
        }
        return Optional.of(new ColonyException(ErrorCode.STORAGE_FAILURE, store + " store: the database file " + path
                + " was replaced by another file while this process had the old one open, so nothing more can be "
                + "stored in it: " + consequence + ". Restart this process to open the file now at that path."));
    }
}
