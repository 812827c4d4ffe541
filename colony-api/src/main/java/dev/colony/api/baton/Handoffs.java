package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.util.List;

/**
 * Handoffs as seen by one {@link dev.colony.api.Actor}: passing work, and the claims of named files,
 * to another agent that is expected to pick it up.
 *
 * <p>The handed-off files' claims of the sender are released when the handoff is sent and claimed,
 * active, for the accepting session when it is accepted. Every transition is one transaction with
 * compare-and-set on the handoff's version; a handoff past its time to live is written back as
 * expired by the first call that touches it.
 */
public interface Handoffs {

    /**
     * Sends a handoff from the caller's session, which must have joined the thread.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_PARTICIPANT}; {@code INVALID_ARGUMENT} naming
     *     the field; {@code INVALID_CLAIM_PATH} for a transferred file
     */
    Baton handOff(HandoffRequest request);

    /**
     * Accepts a pending handoff for the caller's session, which must have joined the thread.
     *
     * @throws dev.colony.api.ColonyException {@code HANDOFF_EXPIRED} (and the handoff is written back
     *     as expired), {@code NOT_PARTICIPANT}, {@code NOT_TARGET_AGENT}, {@code ALREADY_ACCEPTED},
     *     {@code CONFLICT} when it was declined, {@code NOT_FOUND} naming {@code handoff_observation_id}
     */
    Acceptance accept(MemoryId handoff);

    /**
     * Declines a pending handoff: it becomes cancelled and a {@code decline} post with the reason
     * goes on the thread.
     *
     * @throws dev.colony.api.ColonyException as {@link #accept}; declining an expired handoff writes it
     *     back as expired and throws {@code HANDOFF_EXPIRED}
     */
    Baton decline(MemoryId handoff, String reason);

    /**
     * One handoff.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code handoff_observation_id}
     */
    Baton get(MemoryId handoff);

    /** The pending (not yet expired) handoffs of a thread, newest first. */
    List<Baton> pending(TaskId task);
}
