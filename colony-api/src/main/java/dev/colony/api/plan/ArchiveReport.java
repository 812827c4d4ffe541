package dev.colony.api.plan;

import java.util.Locale;
import java.util.Objects;

/**
 * What a completion did about archiving the plan.
 *
 * @param status what happened
 * @param reason why, or {@code null} when the plan was archived
 */
public record ArchiveReport(Status status, String reason) {

    /** Checks the status. */
    public ArchiveReport {
        Objects.requireNonNull(status, "status");
    }

    /** What a completion did about archiving. */
    public enum Status {
        /** Nothing: auto-archive is off, sub-tasks are still outstanding, or the grace period runs. */
        SKIPPED,
        /** The plan is archived. */
        ARCHIVED,
        /** Auto-archive is on, but a blocked sub-task keeps the plan from completing. */
        BLOCKED,
        /** Archiving failed; the completion stands. */
        ERROR;

        /** The lowercase name used on the wire. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
