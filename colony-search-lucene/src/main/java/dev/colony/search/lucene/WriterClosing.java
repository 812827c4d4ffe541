package dev.colony.search.lucene;

import java.io.Closeable;
import java.io.IOException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentCommitInfo;

/**
 * Closes an {@link IndexWriter}, then what it writes to, without making the caller wait for a large merge.
 *
 * <p>Closing a writer waits for its running merges, and Lucene aborts a merge only between its parts: one that
 * rebuilds a vector graph notices nothing until the graph is built (102 s measured for 100,000 memories on two
 * cores). When a merge of at least {@link #LARGE_MERGE_DOCS} documents is running, the writer is therefore closed
 * on a daemon thread, which waits for the merge, commits it and releases the write lock; the caller returns at
 * once. Whatever the caller wanted kept must be committed before: the writer's commit data stay those of the last
 * commit. A process that exits meanwhile leaves the merge's partial files, which the next writer deletes, and its
 * lock, which the system releases; another index of the same process that opens the directory meanwhile follows
 * it as a reader until the lock is free.
 */
final class WriterClosing {

    /** A running merge of at least this many documents is left to end on its own thread. */
    static final int LARGE_MERGE_DOCS = 10_000;

    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());

    private WriterClosing() {
    }

    /**
     * Closes {@code writer} and then {@code afterwards}: here, or on a daemon thread when a merge of at least
     * {@code largeMergeDocs} documents is running. A writer that fails to close is rolled back.
     *
     * @param where the index, for the closing thread's messages
     * @return the thread that closes them, or {@code null} when they were closed here
     * @throws IOException what failed when they were closed here (both are closed whatever fails)
     */
    static Thread close(IndexWriter writer, Closeable afterwards, int largeMergeDocs, String where)
            throws IOException {
        long merging = mergingDocs(writer);
        if (merging < largeMergeDocs) {
            IOException failure = closeBoth(writer, afterwards);
            if (failure != null) {
                throw failure;
            }
            return null;
        }
        LOG.log(System.Logger.Level.DEBUG, "search index {0}: a merge of {1} documents is running; the writer closes "
                + "when it ends", where, merging);
        Thread closer = new Thread(() -> {
            IOException failure = closeBoth(writer, afterwards);
            if (failure != null) {
                LOG.log(System.Logger.Level.WARNING, "search index " + where + ": closing after the merge failed; "
                        + "the next writer takes over from the last commit", failure);
            }
        }, "colony-index-closer");
        closer.setDaemon(true);
        closer.start();
        return closer;
    }

    /** How many documents the writer's running and registered merges are merging. */
    static long mergingDocs(IndexWriter writer) {
        long docs = 0;
        for (SegmentCommitInfo segment : writer.getMergingSegments()) {
            docs += segment.info.maxDoc();
        }
        return docs;
    }

    /**
     * Closes {@code writer} (rolled back when that fails), then {@code afterwards}; returns what failed, or
     * {@code null}.
     */
    private static IOException closeBoth(IndexWriter writer, Closeable afterwards) {
        IOException failure = null;
        try {
            writer.close();
        } catch (IOException | RuntimeException e) {
            Closing.rollbackQuietly(writer);
            failure = Closing.collect(null, e);
        }
        return Closing.closeCollecting(afterwards, failure);
    }
}
