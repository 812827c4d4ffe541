package dev.colony.search.lucene;

import java.util.concurrent.TimeUnit;

/**
 * Logs a long catch-up of one {@link LuceneSearchIndex} (the writer's or a reader's overlay): what it does, its
 * progress every few seconds, and how long it took, so that a rebuild of a large store is not silent.
 */
final class CatchUpProgress {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());
    /** A catch-up of more changes than this logs what it does and its progress. */
    static final long LOGGED_BACKLOG = 10_000;
    /** How often a long catch-up logs progress and publishes what it has indexed so far. */
    private static final long PROGRESS_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final String where;
    private final long total;
    private final long startNanos = System.nanoTime();
    private long done;
    private long lastReport = startNanos;

    CatchUpProgress(String where, long total) {
        this.where = where;
        this.total = total;
        LOG.log(System.Logger.Level.INFO, "search index {0}: indexing up to {1} changes from the store",
                where, total);
    }

    /** Counts {@code count} more changes; whether progress was due (and logged). */
    boolean due(int count, long rev) {
        done += count;
        long now = System.nanoTime();
        if (now - lastReport < PROGRESS_NANOS) {
            return false;
        }
        lastReport = now;
        LOG.log(System.Logger.Level.INFO, "search index {0}: indexed {1} of up to {2} changes (rev {3})",
                where, done, total, rev);
        return true;
    }

    void done() {
        LOG.log(System.Logger.Level.INFO, "search index {0}: indexed {1} changes in {2} ms", where, done,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
    }
}
