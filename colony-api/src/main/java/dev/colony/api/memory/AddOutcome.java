package dev.colony.api.memory;

import dev.colony.api.ColonyException;

/**
 * What became of one memory of a batch: stored, or refused with the reason.
 *
 * @param memory the stored memory, or {@code null} when refused
 * @param refusal why it was refused, or {@code null} when stored
 */
public record AddOutcome(Memory memory, ColonyException refusal) {

    /** Checks that exactly one of the two is present. */
    public AddOutcome {
        if ((memory == null) == (refusal == null)) {
            throw new IllegalArgumentException("an outcome is a memory or a refusal");
        }
    }

    /** Whether the memory was stored. */
    public boolean stored() {
        return memory != null;
    }
}
