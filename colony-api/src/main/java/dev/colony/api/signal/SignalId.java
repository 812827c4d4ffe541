package dev.colony.api.signal;

import dev.colony.api.ColonyException;

/**
 * The identity of one signal.
 *
 * @param value the positive id
 */
public record SignalId(long value) {

    /** Validates that the id is positive. */
    public SignalId {
        if (value <= 0) {
            throw ColonyException.invalid("signal_ids", "must be positive signal ids, was " + value);
        }
    }

    /** Shorthand for {@code new SignalId(value)}. */
    public static SignalId of(long value) {
        return new SignalId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
