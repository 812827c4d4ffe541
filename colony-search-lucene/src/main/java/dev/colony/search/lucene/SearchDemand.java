package dev.colony.search.lucene;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How much one {@link LuceneSearchIndex} is wanted now: when it was last searched (or waited for) and how many
 * searches wait for the background thread. The background steps are paced by it, and the writer publishes what it
 * indexed only while someone searches.
 */
final class SearchDemand {

    private final LuceneIndexFactory.Settings settings;
    /**
     * When this index was last searched or waited for (monotonic time): the background steps are paced
     * by it and publish what they indexed only while someone searches.
     */
    private volatile long lastSearchNanos = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    /** How many searches wait for the background thread to clear a backlog. */
    private final AtomicInteger awaitingBackground = new AtomicInteger();

    SearchDemand(LuceneIndexFactory.Settings settings) {
        this.settings = settings;
    }

    /** Someone searches (or waits for the index to catch up) now. */
    void searched() {
        lastSearchNanos = System.nanoTime();
    }

    /** Whether someone searched (or waited for the index to catch up) within {@link LuceneSearch#SEARCHED_RECENTLY}. */
    boolean searchedRecently() {
        return System.nanoTime() - lastSearchNanos < LuceneSearch.SEARCHED_RECENTLY.toNanos();
    }

    /**
     * The least time between background steps now: the configured gap while searches run, a longer one
     * (never shorter than it) once nobody has searched for {@link LuceneSearch#SEARCHED_RECENTLY}.
     */
    long stepGapNanos() {
        return searchedRecently() ? settings.minStepGapNanos()
                : Math.max(settings.minStepGapNanos(), LuceneSearch.IDLE_STEP_GAP.toNanos());
    }

    /** A search starts waiting for the background thread; {@link #stopWaiting()} ends it. */
    void startWaiting() {
        awaitingBackground.incrementAndGet();
    }

    void stopWaiting() {
        awaitingBackground.decrementAndGet();
    }

    /** Whether a search waits for the background thread now. */
    boolean awaited() {
        return awaitingBackground.get() > 0;
    }
}
