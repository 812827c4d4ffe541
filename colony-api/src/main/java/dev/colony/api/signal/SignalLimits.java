package dev.colony.api.signal;

import java.time.Duration;

/** The bounds of signals, shared by the library and every adapter so that all of them refuse alike. */
public final class SignalLimits {

    /** The most memory ids one signal may point at. */
    public static final int MAX_MEMORIES = 100;
    /** The shortest life of a signal, in hours. */
    public static final int MIN_EXPIRY_HOURS = 1;
    /** The longest life of a signal, in hours (30 days). */
    public static final int MAX_EXPIRY_HOURS = 720;
    /** The life of a signal when the sender names none, in hours. */
    public static final int DEFAULT_EXPIRY_HOURS = 48;
    /** How many signals a check returns when the caller names no limit. */
    public static final int DEFAULT_CHECK_LIMIT = 50;
    /** The most signals one check returns. */
    public static final int MAX_CHECK_LIMIT = 500;
    /** The most signal ids one acknowledgement takes. */
    public static final int MAX_ACK_IDS = 500;
    /** How often a Colony deletes expired signals while it is open (it also does so when it opens). */
    public static final Duration SWEEP_INTERVAL = Duration.ofHours(1);

    private SignalLimits() {
    }
}
