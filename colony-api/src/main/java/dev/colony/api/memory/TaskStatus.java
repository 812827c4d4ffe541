package dev.colony.api.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/** Where a structured task stands in its workflow. */
public enum TaskStatus {
    /** Not started; the default, left out of the rendered task. */
    PENDING,
    /** In progress. */
    ACTIVE,
    /** Waiting on something else. */
    BLOCKED,
    /** Done, awaiting a person's review. */
    REVIEW,
    /** Finished: the task's memory becomes of kind {@code task_done}. */
    DONE;

    /** The lowercase name used on the wire and in the rendered task. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status named {@code value} (any case).
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for anything else
     */
    public static TaskStatus parse(String field, String value) {
        if (value != null) {
            for (TaskStatus status : values()) {
                if (status.wireName().equals(value.strip().toLowerCase(Locale.ROOT))) {
                    return status;
                }
            }
        }
        throw ColonyException.invalid(field, "must be pending, active, blocked, review or done, was "
                + Echo.quoted(value));
    }
}
