package dev.colony.search.lucene;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * Tells which index failures {@link LuceneSearchIndex} can cure by reopening or rebuilding the index,
 * and finds damaged files up front. The index is a cache of the store, so damage is repaired rather
 * than reported; only failures that reopening cannot cure reach the caller.
 */
final class IndexFailures {

    private IndexFailures() {
    }

    /** Whether a failure says the index files are damaged. */
    static boolean corrupt(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CorruptIndexException || t instanceof IndexFormatTooOldException
                    || t instanceof IndexFormatTooNewException || t instanceof NoSuchFileException
                    || t instanceof FileNotFoundException || t instanceof EOFException) {
                return true;
            }
        }
        return false;
    }

    /** Whether reopening the index may cure a failure: damaged files, or a writer that closed itself. */
    static boolean recoverable(Throwable failure) {
        if (corrupt(failure)) {
            return true;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof AlreadyClosedException) {
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
