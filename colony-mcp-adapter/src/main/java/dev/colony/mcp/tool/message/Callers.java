package dev.colony.mcp.tool.message;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.message.Messages;
import dev.colony.api.session.Session;
import dev.colony.mcp.tool.ToolContext;

/**
 * Who a message tool acts as: the server's user, in the session named by {@code session_id} (else the
 * server's own) and as the agent named by {@code agent} (else the agent that session was started by).
 * The core refuses a session that does not exist or belongs to another user.
 */
final class Callers {

    private Callers() {
    }

    /** The scope of the caller a tool call names. */
    static CallerScope caller(ToolContext context, String sessionId, String agent) {
        SessionId session = sessionId(sessionId);
        if (session == null || session.equals(context.session())) {
            return context.colony().as(new Actor(context.user(), agent == null ? context.agent() : agent,
                    context.session()));
        }
        String name = agent;
        if (name == null) {
            name = context.sessions().find(session).map(Session::agent).orElse(context.agent());
        }
        return context.colony().as(new Actor(context.user(), name, session));
    }

    /** The messages of the caller a tool call names. */
    static Messages messages(ToolContext context, String sessionId, String agent) {
        return caller(context, sessionId, agent).messages();
    }

    /** The session id in {@code value}, or {@code null}; errors name {@code session_id}. */
    static SessionId sessionId(String value) {
        return session("session_id", value);
    }

    /** The session id in {@code value}, or {@code null}; errors name {@code field}. */
    static SessionId session(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return SessionId.of(value);
        } catch (ColonyException e) {
            throw ColonyException.invalid(field, "is not a session id: " + e.getMessage());
        }
    }

    static TaskId task(Long value) {
        return value == null ? null : TaskId.of(value);
    }

    static MemoryId memory(Long value) {
        return value == null ? null : MemoryId.of(value);
    }
}
