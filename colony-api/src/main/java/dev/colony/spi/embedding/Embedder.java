package dev.colony.spi.embedding;

import java.util.List;

/**
 * Computes embedding vectors of texts. Thread-safe.
 *
 * <p>Memories are embedded with {@link #embed(List)}, search queries with {@link #embedQuery(String)}:
 * some models expect a query to be marked as one (an instruction prefix, say), and compare it with
 * passages embedded without it.
 */
public interface Embedder {

    /** The {@linkplain #duplicateSimilarity() duplicate threshold} of a model that has not measured its own. */
    double DUPLICATE_SIMILARITY = 0.80;

    /** An identifier of the model; vectors of different models are never compared. */
    String modelId();

    /** The length of every vector this embedder returns. */
    int dimension();

    /** One vector per text, in order, each of length {@link #dimension()}; texts are embedded as a batch. */
    List<float[]> embed(List<String> texts);

    /** The vector of a search query, comparable with those of {@link #embed(List)}; by default the same. */
    default float[] embedQuery(String query) {
        return embed(List.of(query)).get(0);
    }

    /**
     * The least cosine similarity between a query and a text that can be related at all: below it, a
     * search by meaning leaves the text out, so that a query about nothing stored finds nothing rather than
     * the least unrelated memories. Where unrelated texts fall depends on the model (around 0.1 for some,
     * 0.8 for others), so a model that knows its band says so; by default only texts pointing away from the
     * query (below 0) are left out.
     */
    default double minSimilarity() {
        return 0;
    }

    /**
     * The least cosine similarity of two texts' vectors for them to say the same thing: the first stage of the
     * duplicate check of {@code memory_add} (the second compares their figures, names and negations). Models crowd
     * their cosines differently (e5-small-v2 rates unrelated turns of one conversation around 0.8), so a model that
     * has measured its own says so; by default {@value #DUPLICATE_SIMILARITY}, measured with all-MiniLM-L6-v2.
     */
    default double duplicateSimilarity() {
        return DUPLICATE_SIMILARITY;
    }

    /**
     * Loads now what the first embedding would load (a model's weights, a native runtime), so that a
     * process that will search soon can pay for it in the background while it opens its store; see
     * {@code Colony.Builder.warmUpEmbedder}. Safe to call more than once and alongside embedding. By
     * default there is nothing to load.
     */
    default void prepare() {
    }
}
