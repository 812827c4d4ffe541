package dev.colony.spi.search;

import dev.colony.api.memory.SearchHit;
import java.util.List;

/**
 * A searchable index of memories, a derived cache of the store that tails its change feed.
 *
 * <p>A search sees every change committed to the store before it started, in whichever process it
 * was written, as long as the index is at most a few changes behind: the search covers such a small
 * gap itself. A larger backlog (a burst of writes, a rebuild) is never indexed inside a search; it is
 * indexed in the background and becomes searchable shortly after. Thread-safe.
 */
public interface SearchIndex extends AutoCloseable {

    /** Hits for the request, best first, at most {@code request.limit()}. */
    List<SearchHit> search(SearchRequest request);

    /**
     * Tells the index that this process has just committed a change to the store, so that it can
     * index it at once instead of at its next poll. Called after the commit, on the writing thread:
     * it must return quickly and never fail. Changes made by other processes are found by polling.
     */
    default void changed() {
    }

    /** Releases files and locks. */
    @Override
    void close();
}
