package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.util.List;

/**
 * Relays as seen by one {@link dev.colony.api.Actor}: leaving work for whoever comes next when the
 * sender may not be there to hand it off.
 *
 * <p>Sending a relay turns the sender's fresh active claims on the thread into pending claims that
 * wait (for the relay's time to live) for the receiver; accepting claims them, active, for the
 * receiving session; declining cancels the relay and frees them. The receiving session joins the
 * thread when it accepts or declines.
 */
public interface Relays {

    /**
     * Sends a relay from the caller's session, which must have joined the thread.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_PARTICIPANT}; {@code INVALID_ARGUMENT} naming the field
     */
    Baton relay(RelayRequest request);

    /**
     * Accepts a pending relay for the caller's session.
     *
     * @throws dev.colony.api.ColonyException {@code RELAY_EXPIRED} (the relay is written back as expired
     *     and its pending claims weakened), {@code NOT_TARGET_AGENT}, {@code ALREADY_ACCEPTED},
     *     {@code CONFLICT} when it was declined, {@code NOT_FOUND} naming {@code relay_observation_id}
     */
    Acceptance accept(MemoryId relay);

    /**
     * Declines a pending relay: it becomes cancelled, its pending claims are released and a
     * {@code decline} post with the reason goes on the thread.
     *
     * @throws dev.colony.api.ColonyException as {@link #accept}
     */
    Baton decline(MemoryId relay, String reason);

    /**
     * One relay.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_FOUND} naming {@code relay_observation_id}
     */
    Baton get(MemoryId relay);

    /** The pending (not yet expired) relays of a thread, newest first. */
    List<Baton> pending(TaskId task);
}
