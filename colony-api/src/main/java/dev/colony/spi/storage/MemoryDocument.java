package dev.colony.spi.storage;

import dev.colony.api.memory.Memory;
import java.util.Objects;

/**
 * A memory together with its stored embedding, as a search index consumes it.
 *
 * @param memory the memory
 * @param vector its embedding with the model that computed it, or {@code null} when none was stored
 * @param rev the store-wide change number of the memory's latest insert or update (see
 *     {@link MemoryRecords#changedSince})
 */
public record MemoryDocument(Memory memory, StoredVector vector, long rev) {

    /** Checks that the memory is present and the rev positive. */
    public MemoryDocument {
        Objects.requireNonNull(memory, "memory");
        if (rev < 1) {
            throw new IllegalArgumentException("rev must be positive, was " + rev);
        }
    }
}
