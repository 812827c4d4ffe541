package dev.colony.mcp.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.time.Instant;

/**
 * Typed values read from tool arguments and written into results, shared by every tool group: ids
 * whose errors name the argument they came from, and the nullable conversions results need.
 */
public final class ToolArguments {

    private ToolArguments() {
    }

    /** The session id in {@code value}, or {@code null} for null; an invalid id is refused naming {@code field}. */
    public static SessionId session(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return SessionId.of(value);
        } catch (ColonyException e) {
            String problem = e.getMessage();
            String prefix = e.field() + ": ";
            throw ColonyException.invalid(field, problem.startsWith(prefix) ? problem.substring(prefix.length())
                    : problem);
        }
    }

    /** A task id (already checked to be positive by the argument schema), or {@code null}. */
    public static TaskId task(Long value) {
        return value == null ? null : TaskId.of(value);
    }

    /** A memory id (already checked to be positive by the argument schema), or {@code null}. */
    public static MemoryId memory(Long value) {
        return value == null ? null : MemoryId.of(value);
    }

    /** Minutes as a duration, or {@code null}. */
    public static Duration minutes(Integer value) {
        return value == null ? null : Duration.ofMinutes(value);
    }

    /** Epoch milliseconds of {@code instant}, or {@code null}. */
    public static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
