package dev.colony.api.session;

import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * A session as stored.
 *
 * @param id the session id
 * @param user the user the session's agent acts for
 * @param agent the agent's name (e.g. {@code claude-code})
 * @param ide the client the agent runs in, or {@code null} when unknown
 * @param cwd the working directory, or {@code null} when unknown
 * @param repoRoot the repository root, or {@code null} when unknown
 * @param branch the branch checked out, or {@code null} when unknown
 * @param startedAt when the session was first recorded; never changes
 * @param endedAt when the session was ended, or {@code null} while it is open
 * @param lastSeen the last heartbeat or write of the session
 */
public record Session(
        SessionId id,
        UserId user,
        String agent,
        String ide,
        String cwd,
        String repoRoot,
        String branch,
        Instant startedAt,
        Instant endedAt,
        Instant lastSeen) {

    /** Checks the required components. */
    public Session {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(lastSeen, "lastSeen");
    }

    /** The actor that writes as this session. */
    public Actor actor() {
        return new Actor(user, agent, id);
    }

    /** Whether the session has been ended. */
    public boolean ended() {
        return endedAt != null;
    }
}
