package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.ConflictKind;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.MergeConflict;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.SpecDelta;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Merges a change's deltas into the root three ways, row by row; pure (no file, no clock).
 *
 * <p>For each delta it compares the target's row in the base ({@code B}), in the root now ({@code C}) and the
 * change's result ({@code N}: the delta's cells, or no row for a removal). Rows are compared by their cells, so
 * re-spacing a line is no change. {@code C == B}: the root left the row alone, the delta is <em>clean</em> and
 * applies. Otherwise the row moved: to {@code N} already (<em>same</em>), or elsewhere: a conflict that is
 * {@link ConflictKind#REMOVED} when the root has no such row, {@link ConflictKind#ADDED} when the base had none, else
 * {@link ConflictKind#CHANGED}. The strategy decides what a moved row does (see {@link MergeStrategy}).
 */
final class ThreeWayMerge {

    private ThreeWayMerge() {
    }

    /**
     * What a merge produced.
     *
     * @param status archived when the merged document may be written; blocked or refused when not
     * @param merged the merged root, or the root unchanged when blocked or refused
     * @param conflicts the conflicts found (or overridden)
     * @param applied the targets whose delta changed the root
     */
    record Outcome(ArchiveStatus status, SpecDocument merged, List<MergeConflict> conflicts, List<String> applied) {

        Outcome {
            conflicts = List.copyOf(conflicts);
            applied = List.copyOf(applied);
        }
    }

    /** Merges {@code deltas}, written against {@code base}, into {@code root}. */
    static Outcome merge(SpecDocument base, SpecDocument root, List<SpecDelta> deltas, MergeStrategy strategy) {
        List<MergeConflict> conflicts = new ArrayList<>();
        List<SpecDelta> toApply = new ArrayList<>();
        boolean moved = false;
        for (SpecDelta delta : deltas) {
            Optional<List<String>> before = cells(base, delta.target());
            Optional<SpecRow> current = root.row(delta.target());
            Optional<List<String>> now = current.map(SpecRow::cells);
            Optional<List<String>> result = delta.op() == DeltaOp.REMOVE ? Optional.empty()
                    : Optional.of(delta.cells());
            if (Objects.equals(now, before)) {
                if (!Objects.equals(now, result)) {
                    toApply.add(delta);
                }
                continue;
            }
            moved = true;
            String line = current.map(SpecRow::text).orElse(null);
            if (Objects.equals(now, result)) {
                if (strategy == MergeStrategy.REFUSE_ON_CONFLICT) {
                    conflicts.add(new MergeConflict(delta.target(), delta.op(), ConflictKind.SAME, line));
                }
                continue;
            }
            ConflictKind kind = now.isEmpty() ? ConflictKind.REMOVED
                    : before.isEmpty() ? ConflictKind.ADDED : ConflictKind.CHANGED;
            conflicts.add(new MergeConflict(delta.target(), delta.op(), kind, line));
            if (strategy == MergeStrategy.LAST_WRITER_WINS) {
                toApply.add(delta);
            }
        }
        if (strategy == MergeStrategy.REFUSE_ON_CONFLICT && moved) {
            return new Outcome(ArchiveStatus.REFUSED, root, conflicts, List.of());
        }
        if (strategy == MergeStrategy.THREE_WAY && !conflicts.isEmpty()) {
            return new Outcome(ArchiveStatus.BLOCKED, root, conflicts, List.of());
        }
        SpecDocument merged = root;
        List<String> applied = new ArrayList<>();
        for (SpecDelta delta : toApply) {
            merged = apply(merged, delta);
            applied.add(delta.target());
        }
        return new Outcome(ArchiveStatus.ARCHIVED, merged, conflicts, applied);
    }

    private static Optional<List<String>> cells(SpecDocument document, String id) {
        return document.row(id).map(SpecRow::cells);
    }

    /** The document with {@code delta}'s result in place of the target's row, whatever that row is now. */
    private static SpecDocument apply(SpecDocument document, SpecDelta delta) {
        boolean present = document.row(delta.target()).isPresent();
        try {
            if (delta.op() == DeltaOp.REMOVE) {
                return SpecEditor.remove(document, delta.target());
            }
            return present ? SpecEditor.replace(document, delta.target(), delta.cells())
                    : SpecEditor.add(document, delta.target(), delta.cells());
        } catch (ColonyException e) {
            throw ColonyException.invalid("target", "cannot apply " + delta.id() + " (" + delta.op().wireName()
                    + " " + delta.target() + "): " + e.getMessage());
        }
    }
}
