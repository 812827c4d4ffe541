package dev.colony.api.message;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/**
 * Where a message stands. A message starts {@link #UNREAD}; a recipient moves it to {@link #READ} or,
 * by answering, to {@link #REPLIED}; its sender may {@link #RETRACTED retract} it until it is answered;
 * an unread message whose time to live has passed is {@link #EXPIRED}. Replied, retracted and expired
 * are final. Claiming a broadcast does not change the status: the claimer is recorded beside it.
 */
public enum MessageStatus {
    /** Delivered, not yet read. */
    UNREAD,
    /** A recipient marked it read. */
    READ,
    /** A recipient answered it with a message that names it in {@code reply_to}. */
    REPLIED,
    /** Its time to live passed while it was unread. */
    EXPIRED,
    /** Its sender withdrew it; the body stays stored and searchable. */
    RETRACTED;

    /** The lowercase wire name ({@code unread}, {@code read}, …). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether no further transition leaves this status. */
    public boolean isFinal() {
        return this == REPLIED || this == EXPIRED || this == RETRACTED;
    }

    /**
     * The status with this wire name.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code status} for an unknown name
     */
    public static MessageStatus fromWire(String name) {
        if (name != null) {
            for (MessageStatus status : values()) {
                if (status.wireName().equals(name)) {
                    return status;
                }
            }
        }
        throw ColonyException.invalid("status",
                "must be one of unread, read, replied, expired, retracted; was " + Echo.quoted(name));
    }
}
