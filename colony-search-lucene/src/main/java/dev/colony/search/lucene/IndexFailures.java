package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
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

    /** Verifies the checksums of every segment of {@code reader}; throws when a file is damaged. */
    static void checkIntegrity(DirectoryReader reader) throws IOException {
        for (LeafReaderContext leaf : reader.leaves()) {
            leaf.reader().checkIntegrity();
        }
    }
}
