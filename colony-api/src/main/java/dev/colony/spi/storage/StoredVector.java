package dev.colony.spi.storage;

import java.util.Objects;

/**
 * A memory's embedding as the store keeps it: the vector with the model that computed it, so that an
 * index can be rebuilt without embedding again, and vectors of different models are never compared.
 *
 * @param model the embedder's {@link dev.colony.spi.embedding.Embedder#modelId() model id}
 * @param values the vector; its length is the dimension
 */
public record StoredVector(String model, float[] values) {

    /** Checks that the model is named and the vector not empty. */
    public StoredVector {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("model must name the embedding model");
        }
        Objects.requireNonNull(values, "values");
        if (values.length == 0) {
            throw new IllegalArgumentException("values must not be empty");
        }
    }

    /** The vector's length. */
    public int dimension() {
        return values.length;
    }

    /** Whether this vector was computed by {@code model} with {@code dimension} dimensions. */
    public boolean isOf(String model, int dimension) {
        return this.model.equals(model) && values.length == dimension;
    }
}
