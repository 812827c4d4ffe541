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
}
