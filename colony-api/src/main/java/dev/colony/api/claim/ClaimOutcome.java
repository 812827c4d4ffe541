package dev.colony.api.claim;

import java.util.Locale;

/** What a successful claim did; a refused claim throws instead. */
public enum ClaimOutcome {
    /** Nobody held the file (or only a released claim did): the caller's session now does. */
    CLAIMED,
    /** The caller's session already held it; the claim time moved to now. */
    REFRESHED_SAME_SESSION,
    /** Another live session of the same agent type held it; the caller's session took it over. */
    REFRESHED_SAME_LANE,
    /**
     * Another agent's claim held it, but that claim was no longer ownership (stale, expired, weak, or its
     * session ended or went idle); the caller's session replaced it.
     */
    SUPERSEDED_INACTIVE_OWNER;

    /** The lower-case wire name. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
