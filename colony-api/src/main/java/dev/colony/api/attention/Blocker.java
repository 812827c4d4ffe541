package dev.colony.api.attention;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * A recent {@code blocker} post on a thread.
 *
 * @param id the post (hydrate with get_observations)
 * @param task its thread
 * @param session who posted it
 * @param ts when
 * @param preview the start of its text
 */
public record Blocker(MemoryId id, TaskId task, SessionId session, Instant ts, String preview) {

    public Blocker {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(ts, "ts");
        Objects.requireNonNull(preview, "preview");
    }
}
