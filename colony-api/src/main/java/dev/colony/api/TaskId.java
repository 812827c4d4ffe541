package dev.colony.api;

/**
 * The identity of one task (a Colony task thread or a Gnosis task; one model serves both).
 *
 * @param value the positive id
 */
public record TaskId(long value) {

    /** Validates that the id is positive. */
    public TaskId {
        if (value <= 0) {
            throw ColonyException.invalid("task_id", "must be a positive task id, was " + value);
        }
    }

    /** Shorthand for {@code new TaskId(value)}. */
    public static TaskId of(long value) {
        return new TaskId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
