package dev.colony.search.lucene;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;

/**
 * Lucene's concurrent merges, each first yielding briefly to the process's latency-critical work
 * ({@link ForegroundWork}): merging segments rebuilds their vector graphs, which would otherwise take a core from
 * an embedding that runs on all of them. Each merge that ends in the writer's segments is reported, so that the
 * writer commits it (see {@link WriterRole#commitDue()}).
 */
final class YieldingMergeScheduler extends ConcurrentMergeScheduler {

    private final ForegroundWork foreground;
    private final Runnable merged;

    /** Merges yielding to {@code foreground}, each ended one reported to {@code merged} (on the merge's thread). */
    YieldingMergeScheduler(ForegroundWork foreground, Runnable merged) {
        this.foreground = foreground;
        this.merged = merged;
    }

    @Override
    protected void doMerge(MergeSource mergeSource, MergePolicy.OneMerge merge) throws IOException {
        try {
            foreground.yieldTo(ForegroundWork.MAX_YIELD);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted before a merge");
        }
        super.doMerge(mergeSource, merge);
        if (!merge.isAborted()) {
            merged.run();
        }
    }
}
