package dev.colony.spi.storage;

import dev.colony.api.memory.Memory;
import java.util.List;
import java.util.Objects;

/**
 * A memory together with its stored embedding, as a search index consumes it.
 *
 * <p>A memory rarely stands alone: a dialog turn answers the one before it ("yes, in June"), a note
 * continues the decision its session just recorded. So a document also carries the memory its session wrote
 * last before it in the same namespace, its predecessor, which an index may search together with it: its
 * embedding, which an index may blend into the vector it searches, and its text, which an index may score with
 * the memory's own words. The session's memories in other namespaces are passed over, so that a shared memory
 * is never found by the words or the vector of a private one, nor ranked differently because a private one was
 * written in between. The predecessor counts only when of the same task, or both of none (an agent moving on
 * to another task starts afresh), and only while it is not retracted, forgotten or purged; its embedding only
 * when of the same model.
 * When a memory changes or goes, the store hands its successor to the change feed again, with its context
 * read anew.
 *
 * @param memory the memory
 * @param vector its embedding with the model that computed it, or {@code null} when none was stored
 * @param context the embedding of its predecessor, of the same model and dimension as {@code vector}, or
 *     {@code null} when there is no such embedding (or no {@code vector})
 * @param contextText the content of its predecessor, or {@code null} when it has none that counts
 * @param rev the store-wide change number of the memory's latest insert or update (see
 *     {@link MemoryFeed#changedSince})
 * @param presence whether the memory is live, or forgotten or purged (then an index drops it)
 * @param passages the embeddings of its sentences ({@link dev.colony.spi.embedding.Passages}), of the model and
 *     dimension of {@code vector}, by which an index may find it through one sentence; empty for a memory of one
 *     sentence, without a {@code vector}, or stored before sentences were embedded
 */
public record MemoryDocument(Memory memory, StoredVector vector, StoredVector context, String contextText, long rev,
        Presence presence, List<StoredVector> passages) {

    /**
     * Checks that the memory is present, the rev positive, and the context and the passages of the vector's model;
     * copies the passages.
     */
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
        passages = List.copyOf(Objects.requireNonNull(passages, "passages"));
        for (StoredVector passage : passages) {
            if (vector == null || !passage.isOf(vector.model(), vector.dimension())) {
                throw new IllegalArgumentException("passages must be of the vector's model and dimension, was "
                        + passage.model() + "/" + passage.dimension() + " for "
                        + (vector == null ? "no vector" : vector.model() + "/" + vector.dimension()));
            }
        }
    }

    /** The document of a memory without passages. */
    public MemoryDocument(Memory memory, StoredVector vector, StoredVector context, String contextText, long rev,
            Presence presence) {
        this(memory, vector, context, contextText, rev, presence, List.of());
    }

    /** The document of a memory without a predecessor's text. */
    public MemoryDocument(Memory memory, StoredVector vector, StoredVector context, long rev, Presence presence) {
        this(memory, vector, context, null, rev, presence);
    }

    /** The document of a live memory without a predecessor's text. */
    public MemoryDocument(Memory memory, StoredVector vector, StoredVector context, long rev) {
        this(memory, vector, context, null, rev, Presence.LIVE);
    }

    /** The document of a live memory without a predecessor. */
    public MemoryDocument(Memory memory, StoredVector vector, long rev) {
        this(memory, vector, null, null, rev, Presence.LIVE);
    }
}
