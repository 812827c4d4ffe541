package dev.colony.api.activity;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * One recorded edit of a file.
 *
 * @param task the task thread the edit was made on
 * @param filePath the file, relative to the thread's repository root
 * @param session the session that edited it
 * @param agent the agent name of that session
 * @param editedAt when, from the Colony's clock
 */
public record FileEdit(TaskId task, String filePath, SessionId session, String agent, Instant editedAt) {

    public FileEdit {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(filePath, "filePath");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(editedAt, "editedAt");
    }
}
