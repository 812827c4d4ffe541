package dev.colony.api.signal;

import java.util.Locale;

/** Where a signal is in its short life. An expired signal is not a status: it is swept away. */
public enum SignalStatus {
    /** Sent and not yet acknowledged: every check of the recipient shows it. */
    PENDING,
    /** Acknowledged by the recipient: checks no longer show it. */
    ACKED;

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code wireName}. */
    public static SignalStatus fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
