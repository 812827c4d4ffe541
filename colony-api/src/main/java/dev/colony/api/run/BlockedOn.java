package dev.colony.api.run;

import java.util.Locale;

/** What a blocked run waits for; the two are answered differently. */
public enum BlockedOn {
    /** An answer from the user to the run's question. */
    USER_INPUT,
    /** Other runs to end. */
    RUNS;

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value stored as {@code wireName}. */
    public static BlockedOn fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
