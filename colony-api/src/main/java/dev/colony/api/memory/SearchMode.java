package dev.colony.api.memory;

import java.util.Locale;

/**
 * How a search ranks memories: by their words (BM25), by their meaning (nearest embeddings), or by
 * both, fused. A search asked for meaning falls back to words when no embedder is configured, and says
 * so in its result.
 */
public enum SearchMode {

    /** Words only: BM25 over the memory's text. */
    KEYWORD,
    /** Meaning only: the memories whose embeddings are nearest the query's. */
    VECTOR,
    /** Both legs, fused by rank: a memory found by either is found; one found by both ranks higher. */
    HYBRID;

    /** The name in results and tool arguments: {@code keyword}, {@code vector}, {@code hybrid}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
