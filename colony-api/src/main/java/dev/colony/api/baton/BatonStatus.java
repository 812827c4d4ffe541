package dev.colony.api.baton;

import java.util.Locale;

/** Where a baton stands; every status but {@link #PENDING} is final. */
public enum BatonStatus {
    /** Waiting for a receiver. */
    PENDING,
    /** Taken by one receiving session. */
    ACCEPTED,
    /** Declined by a receiver. */
    CANCELLED,
    /** Its time to live ran out before anyone accepted it; written back when it is next touched. */
    EXPIRED;

    /** The lower-case wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status with this wire name, or {@code null} when there is none. */
    public static BatonStatus fromWire(String name) {
        for (BatonStatus status : values()) {
            if (status.wireName().equals(name)) {
                return status;
            }
        }
        return null;
    }
}
