package dev.colony.api;

/**
 * The identity of one memory. Memory ids are positive and monotonic: a memory committed later has a
 * larger id than every memory committed before it, in every process that shares the store.
 *
 * @param value the positive id
 */
public record MemoryId(long value) implements Comparable<MemoryId> {

    /** Validates that the id is positive. */
    public MemoryId {
        if (value <= 0) {
            throw ColonyException.invalid("id", "must be a positive memory id, was " + value);
        }
    }

    /** Shorthand for {@code new MemoryId(value)}. */
    public static MemoryId of(long value) {
        return new MemoryId(value);
    }

    @Override
    public int compareTo(MemoryId other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
