package dev.colony.api.proposal;

import java.util.Locale;

/** How a session backs a proposal, and the base weight that backing carries. */
public enum ReinforcementKind {
    /** Direct support: the session read the proposal and agrees. */
    EXPLICIT(1.0),
    /** The session reached the same idea on its own, which is stronger evidence than agreeing. */
    REDISCOVERED(1.2),
    /** Weak evidence: the session edited a file the proposal touches. */
    ADJACENT(0.3);

    private final double weight;

    ReinforcementKind(double weight) {
        this.weight = weight;
    }

    /** The base weight, before decay and the per-agent-type discount. */
    public double weight() {
        return weight;
    }

    /** The lowercase name used on the wire and in the store. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind stored or sent as {@code wireName}. */
    public static ReinforcementKind fromWire(String wireName) {
        return valueOf(wireName.toUpperCase(Locale.ROOT));
    }
}
