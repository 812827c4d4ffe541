package dev.colony.api.task;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.MemoryKind;
import java.time.Instant;
import java.util.Objects;

/**
 * One compact line of a task thread: no body, just enough to choose what to read in full.
 *
 * @param id the memory id of the post
 * @param kind its kind
 * @param session the session that wrote it
 * @param ts when it was written
 * @param replyTo the post it answers, or {@code null}
 */
public record ThreadEntry(MemoryId id, MemoryKind kind, SessionId session, Instant ts, MemoryId replyTo) {

    /** Checks the required components. */
    public ThreadEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(ts, "ts");
    }
}
