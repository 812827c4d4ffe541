package dev.colony.api.message;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/** How prominently a message asks for the recipient's attention. */
public enum MessageUrgency {
    /** For information: no answer expected; inboxes may fold these into a count. */
    FYI,
    /** The sender waits for an answer. */
    NEEDS_REPLY,
    /** The sender cannot go on until the recipient acts; shown first and never folded. */
    BLOCKING;

    /** The lowercase wire name ({@code fyi}, {@code needs_reply}, {@code blocking}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The urgency with this wire name.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code urgency} for an unknown name
     */
    public static MessageUrgency fromWire(String name) {
        if (name != null) {
            for (MessageUrgency urgency : values()) {
                if (urgency.wireName().equals(name)) {
                    return urgency;
                }
            }
        }
        throw ColonyException.invalid("urgency", "must be one of fyi, needs_reply, blocking; was " + Echo.quoted(name));
    }
}
