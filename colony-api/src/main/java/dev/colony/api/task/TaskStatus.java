package dev.colony.api.task;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/** Where a task stands in its workflow. */
public enum TaskStatus {
    /** Not started; the default. */
    PENDING,
    /** Work in progress. */
    ACTIVE,
    /** Waiting on something else. */
    BLOCKED,
    /** Done, awaiting review. */
    REVIEW,
    /** Finished. */
    DONE;

    /** The lowercase wire name ({@code pending}, {@code active}, …). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status with this wire name.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code status} for an unknown name
     */
    public static TaskStatus fromWire(String name) {
        if (name != null) {
            for (TaskStatus status : values()) {
                if (status.wireName().equals(name)) {
                    return status;
                }
            }
        }
        throw ColonyException.invalid("status",
                "must be one of pending, active, blocked, review, done; was " + Echo.quoted(name));
    }
}
