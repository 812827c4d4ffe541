package dev.colony.core.internal.kernel;

import dev.colony.spi.storage.StoredVector;
import java.util.List;
import java.util.Objects;

/**
 * What a memory is stored with for search by meaning: the embedding of its whole content, and the embeddings of
 * its sentences when it has more than one ({@link dev.colony.spi.embedding.Passages}), by which an index finds it
 * through the one sentence a query is about.
 *
 * @param vector the embedding of the whole content, or {@code null} without an embedder
 * @param passages the embeddings of its passages, in order; empty for a memory of one sentence or without a
 *     {@code vector}
 */
public record MemoryEmbedding(StoredVector vector, List<StoredVector> passages) {

    /** A memory embedded by nothing (this Colony has no embedder). */
    public static final MemoryEmbedding NONE = new MemoryEmbedding(null, List.of());

    /** Copies the passages; none without a vector. */
    public MemoryEmbedding {
        passages = vector == null ? List.of() : List.copyOf(Objects.requireNonNull(passages, "passages"));
    }
}
