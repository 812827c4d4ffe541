package dev.colony.search.lucene;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.MergePolicy;

/**
 * Lucene's concurrent merges, each first yielding briefly to the process's latency-critical work
 * ({@link ForegroundWork}): merging segments rebuilds their vector graphs, which would otherwise take a core from
 * an embedding that runs on all of them.
 */
final class YieldingMergeScheduler extends ConcurrentMergeScheduler {

    private final ForegroundWork foreground;

    YieldingMergeScheduler(ForegroundWork foreground) {
        this.foreground = foreground;
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
    }
}
