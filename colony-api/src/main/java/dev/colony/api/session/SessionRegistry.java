package dev.colony.api.session;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.util.List;
import java.util.Optional;

/**
 * Starts, touches, ends and lists agent sessions.
 *
 * <p>All methods are thread-safe and safe across processes sharing one store.
 */
public interface SessionRegistry {

    /** Largest {@code limit} accepted by {@link #list}. */
    int MAX_LIST_LIMIT = 200;

    /**
     * Ensures the session exists: records a new one, or re-announces an existing one. Idempotent.
     *
     * <p>For an existing session the original {@code started_at} is kept and only fields that were
     * unknown ({@code null}) are filled in; {@code last_seen} moves to now. A session that belongs to
     * another user is refused with {@code FORBIDDEN}.
     *
     * @return the session as stored after the call
     */
    Session ensure(SessionStart start);

    /**
     * Marks the session as alive now.
     *
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} when it does not exist
     */
    Session heartbeat(SessionId id);

    /**
     * Ends the session now. Ending an ended session keeps its first end time.
     *
     * @throws dev.colony.api.ColonyException {@code SESSION_NOT_FOUND} when it does not exist
     */
    Session end(SessionId id);

    /** The session with this id, if it exists. */
    Optional<Session> find(SessionId id);

    /**
     * The sessions of {@code user}, newest first (by start time, then id).
     *
     * @param limit 1 to {@value #MAX_LIST_LIMIT}
     */
    List<Session> list(UserId user, int limit);
}
