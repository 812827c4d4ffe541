package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.LeafReaderContext;

/**
 * Tells which failures mean that the index files are damaged, and finds damaged files up front. The
 * index is a cache of the store, so damage is repaired (the index rebuilt) rather than reported, and
 * never allowed to end the process.
 */
final class IndexFailures {

    private IndexFailures() {
    }

    /**
     * Whether a failure while reading or writing the index means its files are damaged: a corrupt or
     * truncated file, a missing file, a file of an unknown format, garbage that a codec choked on
     * (any unchecked failure but the store's own), or a fault on a memory-mapped file that was cut
     * short underneath it ({@link InternalError}).
     */
    static boolean damage(Throwable failure) {
        if (failure instanceof ColonyException) {
            return false;
        }
        return failure instanceof IOException || failure instanceof RuntimeException
                || failure instanceof InternalError || luceneAssertion(failure);
    }

    /**
     * Whether a failure is one of Lucene's own assertions tripping over what it read (only when
     * assertions are enabled, as in tests): damaged files, like the failures above.
     */
    static boolean luceneAssertion(Throwable failure) {
        if (!(failure instanceof AssertionError)) {
            return false;
        }
        StackTraceElement[] stack = failure.getStackTrace();
        return stack.length > 0 && stack[0].getClassName().startsWith("org.apache.lucene.");
    }

    /** Whether a failure says for certain that the index files are damaged (not merely unusable). */
    static boolean corrupt(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CorruptIndexException || t instanceof IndexFormatTooOldException
                    || t instanceof IndexFormatTooNewException || t instanceof NoSuchFileException
                    || t instanceof FileNotFoundException || t instanceof EOFException
                    || t instanceof InternalError) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a failure is the file system refusing to write the index (no permission, no space, a file where
     * the directory was, a read-only file system) rather than damaged files: rebuilding would meet the same
     * refusal, so the index waits for the directory to become usable instead.
     */
    static boolean unwritable(Throwable failure) {
        if (corrupt(failure)) {
            return false;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof FileSystemException) {
                return true;
            }
            if (t instanceof IOException && t.getMessage() != null) {
                String message = t.getMessage();
                if (message.contains("No space left") || message.contains("Disk quota exceeded")
                        || message.contains("Read-only file system")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Why the index directory could not be used, in the words people know from the shell ("permission
     * denied", "not a directory", "no space left on device"), never an exception's class name.
     */
    static String reason(Throwable failure) {
        Throwable cause = failure instanceof UncheckedIOException unchecked && unchecked.getCause() != null
                ? unchecked.getCause() : failure;
        if (cause instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (cause instanceof FileAlreadyExistsException || cause instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (cause instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (cause instanceof FileSystemException fs && fs.getReason() != null && !fs.getReason().isBlank()) {
            return fs.getReason().strip().toLowerCase(Locale.ROOT);
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? "an input/output error" : message.strip();
    }

    /** Verifies the checksums of every segment of {@code reader}; throws when a file is damaged. */
    static void checkIntegrity(DirectoryReader reader) throws IOException {
        for (LeafReaderContext leaf : reader.leaves()) {
            leaf.reader().checkIntegrity();
        }
    }
}
