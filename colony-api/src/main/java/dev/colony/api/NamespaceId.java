package dev.colony.api;

/**
 * The identity of a namespace: a user's personal namespace or a shared collection. Every record
 * lives in exactly one namespace, and membership of a namespace is the one access gate.
 *
 * @param value the positive id
 */
public record NamespaceId(long value) {

    /** Validates that the id is positive. */
    public NamespaceId {
        if (value <= 0) {
            throw ColonyException.invalid("namespace", "must be a positive namespace id, was " + value);
        }
    }

    /** Shorthand for {@code new NamespaceId(value)}. */
    public static NamespaceId of(long value) {
        return new NamespaceId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
