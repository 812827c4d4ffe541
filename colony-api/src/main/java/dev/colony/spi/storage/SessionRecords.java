package dev.colony.spi.storage;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Reads and writes sessions. */
public interface SessionRecords {

    /**
     * Inserts {@code session}, or, when a session with its id exists, fills in only the fields the
     * stored session has as {@code null} (ide, cwd, repo root, branch), keeps the stored
     * {@code started_at}, {@code user} and {@code agent}, and moves {@code last_seen} forward to
     * {@code session.lastSeen()} if that is later.
     *
     * @return the session as stored afterwards
     */
    Session upsert(Session session);

    /** The session with this id. */
    Optional<Session> find(SessionId id);

    /**
     * Moves {@code last_seen} of the session to {@code now} (never backwards).
     *
     * @return whether the session exists
     */
    boolean touch(SessionId id, Instant now);

    /**
     * Sets {@code ended_at} to {@code now} unless it is already set.
     *
     * @return whether the session exists
     */
    boolean end(SessionId id, Instant now);

    /** Sessions of {@code user}, newest first by {@code started_at}, then by id descending. */
    List<Session> listByUser(UserId user, int limit);
}
