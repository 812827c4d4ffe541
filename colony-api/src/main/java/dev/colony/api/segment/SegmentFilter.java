package dev.colony.api.segment;

import java.util.List;

/**
 * A condition on a segment's metadata, which the store evaluates in its own query language (never by loading
 * every segment). A condition on a key the segment does not have is false, so its {@link Not} is true: a
 * "not equal" or "not in" selects the segments without the key too.
 *
 * <p>Values compare by kind: a number with numbers of any of the four numeric types, by value; a
 * {@code String} or {@code UUID} with strings and UUIDs, by their text, in the order of character codes
 * (not a language's collation); a {@code Boolean} only with booleans, and only by {@link Comparison#EQUAL}
 * (another comparison, or a boolean in an {@link In}, is refused naming the field).
 * A value of another kind is never equal, greater or less.
 */
public sealed interface SegmentFilter {

    /** How a {@link Compare} compares the stored value with its value. */
    enum Comparison {
        /** Stored value equals the value. */
        EQUAL,
        /** Stored value is greater. */
        GREATER,
        /** Stored value is greater or equal. */
        GREATER_OR_EQUAL,
        /** Stored value is less. */
        LESS,
        /** Stored value is less or equal. */
        LESS_OR_EQUAL
    }

    /**
     * The segment has {@code key} and its value compares with {@code value} as {@code comparison} says.
     *
     * @param key the metadata key
     * @param comparison how to compare
     * @param value a {@code String}, {@code UUID}, {@code Integer}, {@code Long}, {@code Float}, {@code Double} or
     *     (with {@link Comparison#EQUAL} only) {@code Boolean}
     */
    record Compare(String key, Comparison comparison, Object value) implements SegmentFilter {
    }

    /**
     * The segment has {@code key} and its value equals one of {@code values}.
     *
     * @param key the metadata key
     * @param values at least one value, each of the kinds {@link Compare} takes but {@code Boolean}
     */
    record In(String key, List<Object> values) implements SegmentFilter {
    }

    /**
     * The segment has {@code key}, its value is a {@code String}, and {@code text} occurs in it (case matters).
     *
     * @param key the metadata key
     * @param text the text to look for
     */
    record Contains(String key, String text) implements SegmentFilter {
    }

    /**
     * Both conditions hold.
     *
     * @param left one condition
     * @param right the other
     */
    record And(SegmentFilter left, SegmentFilter right) implements SegmentFilter {
    }

    /**
     * Either condition holds.
     *
     * @param left one condition
     * @param right the other
     */
    record Or(SegmentFilter left, SegmentFilter right) implements SegmentFilter {
    }

    /**
     * The condition does not hold.
     *
     * @param filter the negated condition
     */
    record Not(SegmentFilter filter) implements SegmentFilter {
    }
}
