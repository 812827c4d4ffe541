package dev.colony.api.claim;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/**
 * Where a file claim stands. Stored explicitly; a claim moves between states only by compare-and-set
 * on its version.
 */
public enum ClaimState {
    /** The owning session works on the file. */
    ACTIVE,
    /** The owner passed the work on with a relay; the file waits for the relay's receiver until it expires. */
    HANDOFF_PENDING,
    /** No longer ownership: a pending claim whose baton ran out, or a claim that aged out. Kept for audit. */
    WEAK_EXPIRED,
    /** Given up: handed off, or freed by a declined relay. Kept for audit. */
    RELEASED;

    /** The lower-case wire name, e.g. {@code handoff_pending}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The state with this wire name.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} for an unknown name
     */
    public static ClaimState fromWire(String name) {
        for (ClaimState state : values()) {
            if (state.wireName().equals(name)) {
                return state;
            }
        }
        throw ColonyException.invalid("state", "must be one of active, handoff_pending, weak_expired, released; was "
                + Echo.quoted(name));
    }
}
