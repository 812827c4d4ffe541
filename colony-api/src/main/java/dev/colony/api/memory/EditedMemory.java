package dev.colony.api.memory;

import java.util.Objects;

/**
 * A memory after an edit.
 *
 * @param memory the memory as it is now
 * @param version its version now, for the next edit's expected version
 * @param result the result memory the edit's output was stored as, or {@code null}
 */
public record EditedMemory(Memory memory, long version, Memory result) {

    /** Checks the memory. */
    public EditedMemory {
        Objects.requireNonNull(memory, "memory");
    }
}
