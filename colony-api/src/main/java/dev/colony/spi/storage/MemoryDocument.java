package dev.colony.spi.storage;

import dev.colony.api.memory.Memory;
import java.util.Objects;

/**
 * A memory together with its stored embedding, as a search index consumes it.
 *
 * <p>A memory rarely stands alone: a dialog turn answers the one before it ("yes, in June"), a note
 * continues the decision its session just recorded. So a document also carries the embedding of the memory
 * its session wrote just before it, which an index may blend into the vector it searches: only when that
 * memory is of the same namespace (so that a shared memory's vector says nothing of a private one), not
 * retracted, and embedded by the same model.
 *
 * @param memory the memory
 * @param vector its embedding with the model that computed it, or {@code null} when none was stored
 * @param context the embedding of its session's previous memory, of the same namespace and model as
 *     {@code vector}, or {@code null} when there is no such memory (or no {@code vector})
 * @param rev the store-wide change number of the memory's latest insert or update (see
 *     {@link MemoryRecords#changedSince})
 * @param presence whether the memory is live, or forgotten or purged (then an index drops it)
 */
public record MemoryDocument(Memory memory, StoredVector vector, StoredVector context, long rev,
        Presence presence) {

    /** Checks that the memory is present, the rev positive and the context of the vector's model. */
    public MemoryDocument {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(presence, "presence");
        if (rev < 1) {
            throw new IllegalArgumentException("rev must be positive, was " + rev);
        }
        if (context != null && (vector == null || !context.model().equals(vector.model())
                || context.dimension() != vector.dimension())) {
            throw new IllegalArgumentException("context must be of the vector's model and dimension, was "
                    + context.model() + "/" + context.dimension() + " for "
                    + (vector == null ? "no vector" : vector.model() + "/" + vector.dimension()));
        }
    }

    /** The document of a live memory. */
    public MemoryDocument(Memory memory, StoredVector vector, StoredVector context, long rev) {
        this(memory, vector, context, rev, Presence.LIVE);
    }

    /** The document of a live memory without a predecessor's embedding. */
    public MemoryDocument(Memory memory, StoredVector vector, long rev) {
        this(memory, vector, null, rev, Presence.LIVE);
    }
}
