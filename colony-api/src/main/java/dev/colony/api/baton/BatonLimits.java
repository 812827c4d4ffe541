package dev.colony.api.baton;

import java.time.Duration;

/** Time-to-live bounds and size limits of batons. */
public final class BatonLimits {

    /** A handoff waits this long unless told otherwise. */
    public static final Duration HANDOFF_DEFAULT_TTL = Duration.ofMinutes(120);
    /** The longest a handoff may wait. */
    public static final Duration HANDOFF_MAX_TTL = Duration.ofMinutes(480);
    /** A relay (and the claims it leaves pending) waits this long unless told otherwise. */
    public static final Duration RELAY_DEFAULT_TTL = Duration.ofMinutes(240);
    /** The longest a relay may wait. */
    public static final Duration RELAY_MAX_TTL = Duration.ofMinutes(720);
    /** How far back a relay looks for task activity to put into its resumable state. */
    public static final Duration RESUMABLE_WINDOW = Duration.ofMinutes(30);
    /** The longest summary or one-line description. */
    public static final int MAX_SUMMARY_CHARS = 4_000;
    /** The most entries of next steps, blockers or transferred files. */
    public static final int MAX_LIST_ENTRIES = 50;
    /** The longest entry of next steps or blockers, and the longest reason. */
    public static final int MAX_ENTRY_CHARS = 1_000;
    /** The agent name that addresses any agent. */
    public static final String ANY_AGENT = "any";

    private BatonLimits() {
    }
}
