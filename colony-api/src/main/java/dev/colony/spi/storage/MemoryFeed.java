package dev.colony.spi.storage;

import java.util.List;

/**
 * The change feed of memories: what a derived index tails. Unlike {@link MemoryRecords}, it reports forgotten
 * and purged memories too, with their {@link MemoryDocument#presence() presence}, so that an index drops them.
 */
public interface MemoryFeed {

    /**
     * The change feed: memories whose latest insert or update has a rev greater than
     * {@code afterRev}, in ascending rev order, at most {@code limit}; with their stored vectors.
     *
     * <p>Every insert and every update of a memory takes the next store-wide rev, and revs become
     * visible in increasing order: once a reader sees rev {@code n}, no change with a smaller rev
     * appears later. A memory changed twice appears once, at its latest rev. Derived indexes tail
     * the store with this and replace documents by memory id; a forgotten or purged memory comes with its
     * {@link MemoryDocument#presence() presence}, so that they drop it.
     */
    List<MemoryDocument> changedSince(long afterRev, int limit);

    /** The largest rev, or 0 when no memory exists. */
    long latestRev();
}
