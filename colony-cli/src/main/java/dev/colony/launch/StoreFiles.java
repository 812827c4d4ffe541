package dev.colony.launch;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.search.lucene.IndexSummary;
import dev.colony.search.lucene.LuceneSearch;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks on the database file named by {@code --db} (or its defaults) before SQLite sees it, so that a
 * mistake is reported as the path and the operating system's reason ("no such directory",
 * "permission denied") instead of a driver message, and so that a command that only reads never
 * creates a store by accident.
 *
 * <p>Errors name the field {@code db}, as the option and the {@code COLONY_DB} variable do.
 */
public final class StoreFiles {

    private StoreFiles() {
    }

    /**
     * Requires an existing, readable database file: what read-only commands ({@code colony search} and
     * the like) open. They never create a store, so a mistyped path is an error naming it.
     *
     * @throws ColonyException {@code NOT_FOUND} when there is no file (or no directory) at the path or
     *     the file is empty, {@code STORAGE_FAILURE} when it is a directory or cannot be read
     */
    public static void requireExisting(Path database) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(database, BasicFileAttributes.class);
        } catch (NoSuchFileException | NotDirectoryException e) {
            throw new ColonyException(ErrorCode.NOT_FOUND, "db: no Colony store at " + database + ": "
                    + whatIsMissing(database), e);
        } catch (FileSystemException e) {
            if ("Not a directory".equalsIgnoreCase(String.valueOf(e.getReason()))) {
                throw new ColonyException(ErrorCode.NOT_FOUND, "db: no Colony store at " + database + ": "
                        + whatIsMissing(database), e);
            }
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "db: cannot read " + database + ": " + reason(e), e);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "db: cannot read " + database + ": " + reason(e), e);
        }
        if (attributes.isDirectory()) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: " + database
                    + " is a directory; name the database file, e.g. " + database.resolve("colony.db"));
        }
        long size;
        try (FileChannel probe = FileChannel.open(database, StandardOpenOption.READ)) {
            size = probe.size();
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "db: cannot read " + database + ": " + reason(e), e);
        }
        if (size == 0) {
            throw new ColonyException(ErrorCode.NOT_FOUND, "db: no Colony store at " + database
                    + ": the file is empty");
        }
    }

    /** Why a path does not exist: its directory is missing, is a file, or only the file is missing. */
    private static String whatIsMissing(Path database) {
        Path parent = database.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            return Files.exists(parent) ? parent + " is not a directory" : "no such directory " + parent;
        }
        return "no such file";
    }

    /**
     * Prepares to open or create the database file: creates its directory when missing and refuses a
     * directory in place of the file, and an empty file beside a search index that holds memories (the
     * store was lost; opening it would quietly start an empty one). What the MCP server and
     * {@code colony demo} do; SQLite then creates the file itself.
     *
     * @throws ColonyException {@code STORAGE_FAILURE} naming the path and the reason
     */
    public static void prepareToCreate(Path database) {
        if (Files.isDirectory(database)) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: " + database
                    + " is a directory; name the database file, e.g. " + database.resolve("colony.db"));
        }
        refuseEmptiedStore(database);
        Path directory = database.toAbsolutePath().getParent();
        if (directory == null) {
            return;
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "db: cannot create the directory " + directory + ": " + reason(e), e);
        }
        if (!Files.isWritable(directory)) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "db: cannot write in the directory " + directory + ": permission denied");
        }
    }

    /** Refuses an empty database file when the search index beside it holds memories: a store was there. */
    private static void refuseEmptiedStore(Path database) {
        Path index;
        Optional<IndexSummary> indexed;
        try {
            if (!Files.isRegularFile(database) || Files.size(database) > 0) {
                return;
            }
            index = LuceneSearch.indexDirectoryBeside(database);
            indexed = IndexSummary.read(index);
        } catch (IOException | RuntimeException unreadable) {
            return;
        }
        if (indexed.isPresent() && indexed.get().documents() > 0) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "db: refusing to open " + database + ": the file is "
                    + "empty, but the search index beside it (" + index + ") still holds the memories of a store kept there ("
                    + indexed.get().documents() + "); it was left unchanged. If the store was lost by accident, "
                    + "restore the file from a backup (or `colony import` an export into a new store); to start an "
                    + "empty store there, delete " + database + " and " + index + ".");
        }
    }

    /**
     * The operating system's reason for a failed file operation, in the words people know from the
     * shell: "no such file or directory", "permission denied", "not a directory", "file exists", or
     * the reason the file system gave. Java's own messages for these are often just the path again.
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way: " + ((FileAlreadyExistsException) e).getFile();
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null && !fs.getReason().isBlank()) {
            String reason = fs.getReason().strip();
            return reason.substring(0, 1).toLowerCase(Locale.ROOT) + reason.substring(1);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
