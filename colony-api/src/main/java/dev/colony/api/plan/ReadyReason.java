package dev.colony.api.plan;

import java.util.Locale;

/** Why the ready queue puts a sub-task where it does. */
public enum ReadyReason {
    /** The caller already holds this sub-task: keep working on it before taking another. */
    CONTINUE_CURRENT_TASK,
    /** Every other unfinished sub-task of its plan waits on it. */
    URGENT_OVERRIDE,
    /** Claimable now, ranked by how well it fits the caller. */
    READY_HIGH_SCORE;

    /** The lowercase name used on the wire. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
