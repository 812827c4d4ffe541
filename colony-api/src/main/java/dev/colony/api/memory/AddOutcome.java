package dev.colony.api.memory;

import dev.colony.api.ColonyException;

/**
 * What became of one memory asked to be stored: stored, found to be a duplicate of a stored one (and not
 * stored), or refused with the reason. Exactly one of the three is present.
 *
 * @param memory the stored memory, or {@code null}
 * @param version the stored memory's version as {@link MemoryStore#versions} reports it, read inside the write
 *     (so an edit can name it without reading it again), or {@code null} when nothing was stored
 * @param duplicate the memory it duplicates, or {@code null}
 * @param refusal why it was refused, or {@code null}
 */
public record AddOutcome(Memory memory, Long version, Duplicate duplicate, ColonyException refusal) {

    /** Checks that exactly one part is present. */
    public AddOutcome {
        int present = (memory == null ? 0 : 1) + (duplicate == null ? 0 : 1) + (refusal == null ? 0 : 1);
        if (present != 1) {
            throw new IllegalArgumentException("an outcome is a memory, a duplicate or a refusal");
        }
        if ((memory == null) != (version == null)) {
            throw new IllegalArgumentException("a stored memory comes with its version, and only it");
        }
    }

    /** A stored memory, at {@code version}. */
    public static AddOutcome stored(Memory memory, long version) {
        return new AddOutcome(memory, version, null, null);
    }

    /** A memory not stored because it says what {@code duplicate} says. */
    public static AddOutcome duplicateOf(Duplicate duplicate) {
        return new AddOutcome(null, null, duplicate, null);
    }

    /** A memory refused. */
    public static AddOutcome refused(ColonyException refusal) {
        return new AddOutcome(null, null, null, refusal);
    }

    /** Whether the memory was stored. */
    public boolean stored() {
        return memory != null;
    }

    /**
     * A stored memory that already says what a new one says.
     *
     * @param existing the stored memory
     * @param score how alike they are: the cosine similarity of their embeddings
     */
    public record Duplicate(Memory existing, double score) {
    }
}
