package dev.colony.api.plan;

import java.util.Locale;

/** Whether a plan is still worked on. */
public enum PlanStatus {
    /** Published and not archived: listed, and its sub-tasks are offered. */
    OPEN,
    /** Every sub-task completed and the plan put away (by its auto-archive): listed only when asked for. */
    ARCHIVED;

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code wireName}. */
    public static PlanStatus fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
