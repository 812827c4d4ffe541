package dev.colony.spi.storage;

import dev.colony.api.memory.Memory;
import java.time.Instant;
import java.util.Objects;

/**
 * A memory that was forgotten, as the audit trail keeps it.
 *
 * @param memory the memory as its row keeps it (its content wiped when purged)
 * @param presence {@link Presence#FORGOTTEN} or {@link Presence#PURGED}
 * @param forgottenBy who forgot it
 * @param forgottenAt when it was forgotten
 */
public record ForgottenMemory(Memory memory, Presence presence, String forgottenBy, Instant forgottenAt) {

    /** Checks that every component is present and the memory hidden. */
    public ForgottenMemory {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(forgottenBy, "forgottenBy");
        Objects.requireNonNull(forgottenAt, "forgottenAt");
        if (!presence.hidden()) {
            throw new IllegalArgumentException("a forgotten memory cannot be " + presence);
        }
    }
}
