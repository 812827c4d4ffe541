package dev.colony.api.resume;

import java.util.Locale;

/** The kinds of next step the autopilot decides between, most urgent first. */
public enum NextStep {
    /** Accept a handoff, or a relay for another reason than quota. */
    ACCEPT_HANDOFF,
    /** Adopt the claims of a relay of an agent out of quota. */
    ACCEPT_QUOTA_RELAY,
    /** Answer a blocking message. */
    REPLY_BLOCKING_MESSAGE,
    /** Answer a message awaiting a reply. */
    REPLY_MESSAGE,
    /** Take a run delegated to the caller's agent. */
    TAKE_RUN,
    /** Collect runs the caller's agent delegated that ended. */
    COLLECT_RUNS,
    /** Claim the best ready sub-task. */
    CLAIM_READY,
    /** Go on with the sub-task the caller holds. */
    CONTINUE_CURRENT,
    /** Nothing to do now. */
    NO_OP;

    /** The name on the wire: lower case, e.g. {@code claim_ready}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
