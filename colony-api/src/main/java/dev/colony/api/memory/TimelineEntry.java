package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import java.time.Instant;
import java.util.Objects;

/**
 * One compact line of a session's timeline: no body, just enough to choose what to read.
 *
 * @param id the memory id
 * @param kind its kind
 * @param ts when it was written
 */
public record TimelineEntry(MemoryId id, MemoryKind kind, Instant ts) {

    /** Checks that no component is null. */
    public TimelineEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(ts, "ts");
    }
}
