package dev.colony.spi.search;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.storage.StoredVector;
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
     * The ids of at most {@code k} unexpired memories of {@code kind} in {@code namespace} whose vectors (of
     * {@code vector}'s model) are nearest {@code vector}, nearest first, none below {@code minSimilarity} (cosine):
     * the candidates of a duplicate check, found by one nearest-neighbour lookup with no ranking, snippets or
     * text. It sees the same changes a search would. The default runs a vector search.
     */
    default List<MemoryId> nearest(StoredVector vector, NamespaceId namespace, MemoryKind kind, int k,
            double minSimilarity) {
        return search(new SearchRequest("", Set.of(namespace), Set.of(kind), Set.of(), null, null, null, null, k,
                SearchMode.VECTOR, vector, minSimilarity)).stream().map(SearchHit::id).toList();
    }

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
     * How many of the store's changes searches cannot see yet: a backlog indexed in the background (a rebuild,
     * an index opened far behind the store) too large for a search to wait for. 0 when searches see every
     * change, the default. Must return quickly: a caller may ask before each search, to say its hits may be
     * incomplete.
     */
    default long backlog() {
        return 0;
    }

    /**
     * Tells the index that this process has just committed a change to the store, so that it can
     * index it at once instead of at its next poll. Called after the commit, on the writing thread:
     * it must return quickly and never fail. Changes made by other processes are found by polling.
     */
    default void changed() {
    }

    /**
     * Starts a span of latency-critical work in this process (see {@link BackgroundPause}): on a machine with
     * few cores, background indexing beside an embedding makes the embedding wait. Must return quickly and never
     * fail. The default holds nothing back.
     */
    default BackgroundPause pauseBackground() {
        return BackgroundPause.NONE;
    }

    /** Releases files and locks. */
    @Override
    void close();
}
