package dev.colony.spi.embedding;

import java.util.List;

/** Computes embedding vectors of texts. Thread-safe. */
public interface Embedder {

    /** An identifier of the model; vectors of different models are never compared. */
    String modelId();

    /** The length of every vector this embedder returns. */
    int dimension();

    /** One vector per text, in order, each of length {@link #dimension()}. */
    List<float[]> embed(List<String> texts);
}
