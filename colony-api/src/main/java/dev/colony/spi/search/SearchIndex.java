package dev.colony.spi.search;

import dev.colony.api.memory.SearchHit;
import java.util.List;

/**
 * A searchable index of memories.
 *
 * <p>A search sees every memory committed to the store before it started, including memories
 * written by other processes: an index that lags behind the store covers the gap itself. Thread-safe.
 */
public interface SearchIndex extends AutoCloseable {

    /** Hits for the request, best first, at most {@code request.limit()}. */
    List<SearchHit> search(SearchRequest request);

    /** Releases files and locks. */
    @Override
    void close();
}
