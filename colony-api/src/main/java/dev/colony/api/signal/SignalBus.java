package dev.colony.api.signal;

import dev.colony.api.ColonyException;
import java.util.Collection;
import java.util.function.Consumer;

/**
 * The caller's signals: send them through a collection, peek at the pending ones, acknowledge them, or
 * have them pushed as they arrive.
 *
 * <p>Only members see a collection's signals, and membership is read on every call: a member who is
 * removed stops seeing the collection's signals at once, and an expired signal is never shown.
 */
public interface SignalBus {

    /**
     * Sends a signal as the caller.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code collection}, {@code recipient},
     *     {@code memory_ids} or {@code expires_hours} when one is missing or out of bounds (a memory that
     *     is not in the collection is out of bounds); {@code NOT_FOUND} naming {@code collection} when the
     *     caller does not belong to it, or {@code recipient} when no member answers to that name
     */
    Signal send(SignalDraft draft);

    /**
     * The caller's pending signals in every collection it belongs to, newest first: a peek that changes
     * nothing, so that every session and device of the caller sees the same inbox.
     *
     * @param limit the most signals to return, 1 to {@link SignalLimits#MAX_CHECK_LIMIT}
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code limit} when out of bounds
     */
    SignalInbox check(int limit);

    /** {@link #check(int)} with {@link SignalLimits#DEFAULT_CHECK_LIMIT}. */
    default SignalInbox check() {
        return check(SignalLimits.DEFAULT_CHECK_LIMIT);
    }

    /**
     * Acknowledges signals addressed to the caller, so that checks stop showing them. Idempotent.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code signal_ids} when none, or more than
     *     {@link SignalLimits#MAX_ACK_IDS}, are given
     */
    Acknowledgement ack(Collection<SignalId> ids);

    /**
     * Delivers each new signal addressed to the caller to {@code listener} as soon as it is committed:
     * at once when it was sent through this Colony, and within about 100 ms when another process sent it
     * to the same database (on PostgreSQL, through the server's notifications). Signals that were pending
     * before the subscription are not delivered; {@link #check} shows them. The listener runs on one
     * shared delivery thread, so it should hand long work elsewhere; what it throws is logged and dropped.
     */
    SignalSubscription subscribe(Consumer<Signal> listener);
}
