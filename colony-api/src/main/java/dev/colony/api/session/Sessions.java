package dev.colony.api.session;

import dev.colony.api.SessionId;
import java.util.List;
import java.util.Optional;

/**
 * Sessions as one caller sees them (from {@code colony.as(actor).sessions()}).
 *
 * <p>A caller sees the sessions that belong to namespaces it may read, and may heartbeat or end only
 * sessions of its own user. A session the caller may not see is reported exactly like one that does
 * not exist, so the answer leaks nothing about other users. Thread-safe and safe across processes.
 */
public interface Sessions {

    /** Largest {@code limit} accepted by {@link #list}. */
    int MAX_LIST_LIMIT = 200;

    /**
     * Marks one of the caller's sessions as alive now.
     *
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} (field {@code session_id}) when it
     *     does not exist or is not visible, {@code FORBIDDEN} when it is visible but another user's
     */
    Session heartbeat(SessionId id);

    /**
     * Ends one of the caller's sessions now; ending an ended session keeps its first end time.
     *
     * @throws dev.colony.api.ColonyException as {@link #heartbeat}
     */
    Session end(SessionId id);

    /** The session with this id, if it exists and the caller may see it. */
    Optional<Session> find(SessionId id);

    /**
     * The sessions the caller may see, newest first (by start time, then id).
     *
     * @param limit 1 to {@value #MAX_LIST_LIMIT}
     */
    List<Session> list(int limit);
}
