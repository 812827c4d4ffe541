package dev.colony.api.signal;

import java.util.List;

/**
 * What a check finds: the caller's pending signals, newest first, and how many are pending in all.
 *
 * @param signals the pending signals returned, newest first
 * @param pending how many signals are pending for the caller, including those beyond the limit
 */
public record SignalInbox(List<Signal> signals, int pending) {

    /** Copies the list. */
    public SignalInbox {
        signals = List.copyOf(signals);
    }
}
