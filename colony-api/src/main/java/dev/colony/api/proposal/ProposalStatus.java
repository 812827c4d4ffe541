package dev.colony.api.proposal;

import java.util.Locale;

/** Whether a proposal is still gathering support. */
public enum ProposalStatus {
    /** Gathering reinforcement; not yet work anyone should pick up. */
    PENDING,
    /** Crossed the promotion threshold: it has a task thread of its own. */
    PROMOTED;

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code wireName}. */
    public static ProposalStatus fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
