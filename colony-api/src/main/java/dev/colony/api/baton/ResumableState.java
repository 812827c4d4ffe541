package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import java.time.Instant;
import java.util.List;

/**
 * What happened on the thread shortly before a relay, so its receiver can pick up: the thread's
 * memories of the last {@link BatonLimits#RESUMABLE_WINDOW}, compact (ids to hydrate, no bodies).
 *
 * @param since the start of the window
 * @param recent the thread's memories in the window, newest first
 */
public record ResumableState(Instant since, List<Activity> recent) {

    /** Copies the list. */
    public ResumableState {
        recent = List.copyOf(recent);
    }

    /**
     * One memory of the window.
     *
     * @param id the memory
     * @param kind its kind
     * @param session the session that wrote it
     * @param ts when it was written
     */
    public record Activity(MemoryId id, String kind, SessionId session, Instant ts) {
    }
}
