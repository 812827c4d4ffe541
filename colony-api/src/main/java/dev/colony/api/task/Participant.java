package dev.colony.api.task;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * A session that joined a task thread.
 *
 * @param task the thread
 * @param session the session that joined
 * @param agent the agent name of that session when it joined (e.g. {@code claude-code})
 * @param joinedAt when it first joined; joining again does not move it
 */
public record Participant(TaskId task, SessionId session, String agent, Instant joinedAt) {

    /** Checks that no component is null. */
    public Participant {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(joinedAt, "joinedAt");
    }
}
