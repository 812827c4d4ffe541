package dev.colony.search.lucene;

import java.io.IOException;
import org.apache.lucene.index.IndexWriter;

/**
 * Closes index resources either quietly (when they are being abandoned after a failure) or
 * collecting every failure into one {@link IOException} (when the index closes), so that one
 * resource failing to close never leaves the others open.
 */
final class Closing {

    private Closing() {
    }

    /** {@code failure} with {@code next} added (as suppressed), or {@code next} when it is the first. */
    static IOException collect(IOException failure, Exception next) {
        IOException io = next instanceof IOException ioe ? ioe : new IOException(next);
        if (failure == null) {
            return io;
        }
        failure.addSuppressed(io);
        return failure;
    }

    /** Closes {@code closeable} if not null, returning {@code failure} with any close failure collected. */
    static IOException closeCollecting(AutoCloseable closeable, IOException failure) {
        if (closeable == null) {
            return failure;
        }
        try {
            closeable.close();
            return failure;
        } catch (Exception e) {
            return collect(failure, e);
        }
    }

    /** Closes {@code closeable} if not null, ignoring failures. */
    static void closeQuietly(AutoCloseable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // Best effort: the resource is abandoned either way.
            }
        }
    }

    /** Rolls {@code writer} back (releasing its lock and files), ignoring failures. */
    static void rollbackQuietly(IndexWriter writer) {
        try {
            writer.rollback();
        } catch (IOException | RuntimeException ignored) {
            // Rolling back releases the lock and files; a failure leaves nothing more to do.
        }
    }
}
