package dev.colony.api.memory;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * One entry of the change feed as a caller may see it: a memory of a namespace the caller may read that was
 * written, edited, retracted or forgotten, at its latest change number. See {@link MemoryStore#changes}.
 *
 * @param rev the store-wide change number of the memory's latest change
 * @param id the memory
 * @param kind its kind
 * @param session the session that wrote it
 * @param task its task thread, or {@code null}
 * @param at when it last changed
 * @param state whether it is live, retracted or gone (forgotten or purged)
 * @param preview the start of its content on one line, or {@code null} when it is retracted or gone
 */
public record MemoryChange(long rev, MemoryId id, MemoryKind kind, SessionId session, TaskId task, Instant at,
        State state, String preview) {

    /** Checks the required components. */
    public MemoryChange {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(state, "state");
    }

    /** Where the memory stands after the change. */
    public enum State {
        /** Readable. */
        LIVE,
        /** Withdrawn by its author; kept, without its content in the feed. */
        RETRACTED,
        /** Forgotten or purged: no read path returns it any more. */
        GONE
    }
}
