package dev.colony.api.claim;

import java.util.Locale;

/**
 * How old a claim is, computed when it is read from the time it was last claimed or refreshed. Only
 * a fresh active claim counts as ownership; stale and expired claims stay visible for audit.
 */
public enum ClaimAge {
    /** Younger than {@link ClaimPolicy#staleAfter()}. */
    FRESH,
    /** At least {@link ClaimPolicy#staleAfter()}, younger than {@link ClaimPolicy#expiredAfter()}. */
    STALE,
    /** At least {@link ClaimPolicy#expiredAfter()}. */
    EXPIRED;

    /** The lower-case wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
