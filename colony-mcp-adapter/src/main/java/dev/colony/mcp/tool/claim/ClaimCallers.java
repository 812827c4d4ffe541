package dev.colony.mcp.tool.claim;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.session.Session;
import dev.colony.mcp.tool.ToolContext;
import java.time.Duration;
import java.time.Instant;

/**
 * Who a claim or baton tool acts as: the session named by {@code session_id} (one of the server user's
 * own; the core refuses any other), else the server's session; and the agent named by {@code agent},
 * else that session's agent.
 */
final class ClaimCallers {

    private ClaimCallers() {
    }

    /** The scope of the calling session. */
    static CallerScope scope(ToolContext context, String sessionId, String agent) {
        SessionId session = session(sessionId);
        if (session == null || session.equals(context.session())) {
            return context.colony().as(new Actor(context.user(), agent == null ? context.agent() : agent,
                    context.session()));
        }
        String name = agent != null ? agent
                : context.sessions().find(session).map(Session::agent).orElse(context.agent());
        return context.colony().as(new Actor(context.user(), name, session));
    }

    private static SessionId session(String value) {
        if (value == null) {
            return null;
        }
        try {
            return SessionId.of(value);
        } catch (ColonyException e) {
            String prefix = e.field() + ": ";
            String problem = e.getMessage();
            throw ColonyException.invalid("session_id", problem.startsWith(prefix)
                    ? problem.substring(prefix.length()) : problem);
        }
    }

    /** A memory id, or null. */
    static MemoryId memory(Long value) {
        return value == null ? null : MemoryId.of(value);
    }

    /** Minutes as a duration, or null. */
    static Duration minutes(Integer value) {
        return value == null ? null : Duration.ofMinutes(value);
    }

    /** Epoch milliseconds, or null. */
    static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
