package dev.colony.spi.search;

import dev.colony.api.NamespaceId;
import dev.colony.api.memory.SearchHit;
import java.util.List;
import java.util.Set;

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
     * What to embed for a search by meaning of {@code query} over {@code namespaces}: the query itself, or
     * the query without words so many of those memories hold that they cannot tell one from another (a
     * conversation's speaker names), which would otherwise pull the query's vector towards every memory
     * that holds them. The default is the query unchanged.
     */
    default String embeddingText(String query, Set<NamespaceId> namespaces) {
        return query;
    }

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
