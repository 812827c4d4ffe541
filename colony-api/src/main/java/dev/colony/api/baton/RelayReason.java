package dev.colony.api.baton;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/** Why a sender relays its work instead of handing it off. */
public enum RelayReason {
    /** The sender's usage quota ran out. */
    QUOTA,
    /** The sender is rate limited. */
    RATE_LIMIT,
    /** The sender reached its turn limit. */
    TURN_CAP,
    /** A person stopped the sender. */
    MANUAL,
    /** Not said. */
    UNSPECIFIED,
    /** The sender went silent while holding claims, and another session relayed its work for it. */
    RESCUE;

    /** The wire name: lower case with hyphens, e.g. {@code rate-limit}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The reason with this wire name; {@code null} means {@link #UNSPECIFIED}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code reason} for an unknown name
     */
    public static RelayReason fromWire(String name) {
        if (name == null) {
            return UNSPECIFIED;
        }
        for (RelayReason reason : values()) {
            if (reason.wireName().equals(name)) {
                return reason;
            }
        }
        throw ColonyException.invalid("reason", "must be one of quota, rate-limit, turn-cap, manual, unspecified; was "
                + Echo.quoted(name));
    }
}
