package dev.colony.api.signal;

import java.util.List;

/**
 * What an acknowledgement did, id by id. Acknowledging is idempotent: a second acknowledgement of the same
 * signal reports it as already acknowledged and changes nothing.
 *
 * @param acked the signals this call acknowledged
 * @param alreadyAcked the signals that were acknowledged before
 * @param unknown the ids that name no signal addressed to the caller (never sent, swept after expiring,
 *     addressed to someone else, or in a collection the caller has left)
 */
public record Acknowledgement(List<SignalId> acked, List<SignalId> alreadyAcked, List<SignalId> unknown) {

    /** Copies the lists. */
    public Acknowledgement {
        acked = List.copyOf(acked);
        alreadyAcked = List.copyOf(alreadyAcked);
        unknown = List.copyOf(unknown);
    }
}
