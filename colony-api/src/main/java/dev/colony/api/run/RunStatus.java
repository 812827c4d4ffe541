package dev.colony.api.run;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Arrays;
import java.util.Locale;

/** Where a run stands. */
public enum RunStatus {
    /** Waiting for a slot (dispatched) or for its agent to pick it up (created). */
    QUEUED,
    /** Holding one of the {@code max_concurrent} slots: executing, or waiting for its agent to take it. */
    IN_PROGRESS,
    /** Paused on the user or on other runs; holds no slot. */
    BLOCKED,
    /** Done, with a result. */
    FINISHED,
    /** Done, with an error (timeouts included). */
    FAILED,
    /** Stopped on request; recorded before any signal is sent. */
    KILLED;

    /** Whether the run is over: nothing changes it again. */
    public boolean terminal() {
        return this == FINISHED || this == FAILED || this == KILLED;
    }

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status named {@code value} on the wire.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for any other text
     */
    public static RunStatus parse(String field, String value) {
        for (RunStatus status : values()) {
            if (status.wireName().equals(value)) {
                return status;
            }
        }
        throw ColonyException.invalid(field, "must be one of " + Arrays.stream(values()).map(RunStatus::wireName)
                .toList() + ", was " + Echo.quoted(value));
    }

    /** The status stored as {@code wireName}. */
    public static RunStatus fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
