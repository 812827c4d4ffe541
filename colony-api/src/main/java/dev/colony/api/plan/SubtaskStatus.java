package dev.colony.api.plan;

import java.util.Locale;

/** Where a sub-task of a plan stands. */
public enum SubtaskStatus {
    /** Nobody works on it; claimable once every sub-task it depends on is completed. */
    AVAILABLE,
    /** One session works on it and holds the files of its scope. */
    CLAIMED,
    /** Done; the sub-tasks that depend on it may start. */
    COMPLETED,
    /** Stopped with a reason (failed, abandoned, waiting on something outside the plan); reopened by hand. */
    BLOCKED;

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code wireName}. */
    public static SubtaskStatus fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
