package dev.colony.mcp.tool.task;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;

/** Ids read from task-tool arguments, with errors reported under the caller's argument name. */
final class TaskArguments {

    private TaskArguments() {
    }

    /** The session id in {@code value}, or {@code null} (the server's own session) for null. */
    static SessionId session(String value) {
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

    /** A task id already checked to be positive by the argument schema. */
    static TaskId task(long value) {
        return TaskId.of(value);
    }

    /** A memory id, or {@code null} for null. */
    static MemoryId memory(Long value) {
        return value == null ? null : MemoryId.of(value);
    }
}
