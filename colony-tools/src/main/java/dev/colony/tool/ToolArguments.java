package dev.colony.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

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

    /**
     * The instant an ISO 8601 text names: a date-time with a zone or offset ({@code 2026-11-25T09:30:00Z},
     * {@code 2026-11-25T10:30:00+01:00}) or a day ({@code 2026-11-25}, its start in UTC); {@code null} for null.
     * Anything else is refused naming {@code field}.
     */
    public static Instant instant(String field, String value) {
        if (value == null) {
            return null;
        }
        String text = value.strip();
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw ColonyException.invalid(field, "must be an ISO 8601 date-time with a zone (2026-11-25T09:30:00Z) "
                    + "or a day (2026-11-25), was " + Echo.quoted(value));
        }
    }

    /** Epoch milliseconds of {@code instant}, or {@code null}. */
    public static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }
}
