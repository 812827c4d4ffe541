package dev.colony.spi.storage;

import dev.colony.api.memory.Memory;
import java.util.Objects;

/**
 * A memory together with its stored embedding, as a search index consumes it.
 *
 * @param memory the memory
 * @param vector its embedding, or {@code null} when none was stored
 */
public record MemoryDocument(Memory memory, float[] vector) {

    /** Checks that the memory is present. */
    public MemoryDocument {
        Objects.requireNonNull(memory, "memory");
    }
}
