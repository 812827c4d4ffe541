package dev.colony.api;

import java.util.Objects;

/**
 * Who is calling: a user, the agent acting for them, and the agent's current session.
 *
 * <p>Every memory written is attributed to the actor's session, and the actor's user decides which
 * namespaces the call may read and write.
 *
 * @param user the user the agent acts for
 * @param agent the agent's name (e.g. {@code claude-code}, {@code codex})
 * @param session the session the agent is in; it must exist in the store
 */
public record Actor(UserId user, String agent, SessionId session) {

    /** Checks that no component is null or blank. */
    public Actor {
        Objects.requireNonNull(user, "user");
        agent = Ids.check("agent", agent, 64);
        Objects.requireNonNull(session, "session");
    }
}
