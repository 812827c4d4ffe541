package dev.colony.api.spec;

import java.util.Objects;

/**
 * One delta whose target row the root moved since the change's base.
 *
 * @param target the row id
 * @param op the change's op on it
 * @param kind how the root moved it
 * @param root the root's row line now, or {@code null} when the root has no such row
 */
public record MergeConflict(String target, DeltaOp op, ConflictKind kind, String root) {

    /** Checks the required components. */
    public MergeConflict {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(kind, "kind");
    }
}
