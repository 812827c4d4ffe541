package dev.colony.mcp.tool;

import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.session.Sessions;
import dev.colony.api.task.TaskThreads;
import dev.colony.core.Colony;
import java.util.Objects;

/**
 * What a tool call acts on and as whom: the Colony, and the identity of the server's agent (user,
 * agent name and the session the server announced at start-up).
 *
 * @param colony the Colony the server mounts
 * @param user the user the server acts for; every read is limited to this user's namespaces
 * @param agent the agent name of the server's session
 * @param session the server's own session; writes are attributed to it unless a tool says otherwise
 */
public record ToolContext(Colony colony, UserId user, String agent, SessionId session) {

    /** Checks that no component is null. */
    public ToolContext {
        Objects.requireNonNull(colony, "colony");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(session, "session");
    }

    /** The server's actor. */
    public Actor actor() {
        return new Actor(user, agent, session);
    }

    /** Memory as seen by the server's actor. */
    public MemoryStore memories() {
        return colony.as(actor()).memories();
    }

    /** Sessions as seen by the server's actor. */
    public Sessions sessions() {
        return colony.as(actor()).sessions();
    }

    /** Task threads as seen by the server's actor. */
    public TaskThreads tasks() {
        return colony.as(actor()).tasks();
    }

    /**
     * Task threads as seen by the server's user acting in {@code otherSession} (the server's own session
     * when {@code null}); the core refuses a session that does not exist or belongs to someone else.
     */
    public TaskThreads tasksIn(SessionId otherSession) {
        return otherSession == null ? tasks() : colony.as(new Actor(user, agent, otherSession)).tasks();
    }

    /**
     * Memory as seen by the server's user acting in another of that user's sessions; the core refuses
     * the session when it does not exist or belongs to someone else.
     */
    public MemoryStore memoriesIn(SessionId otherSession) {
        return colony.as(new Actor(user, agent, otherSession)).memories();
    }
}
