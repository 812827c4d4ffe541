package dev.colony.core.internal.spec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.spec.ArchiveStatus;
import dev.colony.api.spec.ConflictKind;
import dev.colony.api.spec.DeltaOp;
import dev.colony.api.spec.MergeConflict;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.SpecDelta;
import dev.colony.api.spec.SpecDocument;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The three-way merge case by case: a clean delta applies, a row the root already changed to the change's result
 * is done (strict: refused), a row the root changed, removed or added differently is a conflict that blocks a
 * three-way merge, refuses a strict one and is overridden by last-writer-wins; nothing is written unless archived.
 */
class ThreeWayMergeTest {

    private static final String BASE = """
            # SPEC

            ## §V  invariants
            id|rule|cites
            -|-|-
            V1|ids are never reused|-
            V2|replays book nothing|V1
            V3|amounts are cents|-

            ## §T  tasks
            id|status|task|cites
            -|-|-|-
            T1|.|model bookings|V1
            """;

    private static SpecDocument base() {
        return SpecParser.parse(BASE);
    }

    private static SpecDocument root(String from, String to) {
        assertThat(BASE).contains(from);
        return SpecParser.parse(BASE.replace(from, to));
    }

    private static SpecDelta modify(String target, String... cells) {
        return new SpecDelta("S1", DeltaOp.MODIFY, target, List.of(cells));
    }

    private static SpecDelta add(String target, String... cells) {
        return new SpecDelta("S2", DeltaOp.ADD, target, List.of(cells));
    }

    private static SpecDelta remove(String target) {
        return new SpecDelta("S3", DeltaOp.REMOVE, target, List.of());
    }

    @Test
    void cleanDeltasApplyToARootThatMovedElsewhere() {
        SpecDocument root = root("T1|.|model bookings|V1", "T1|x|model bookings|V1");
        List<SpecDelta> deltas = List.of(modify("V2", "replays book nothing new", "V1"), add("V4", "no floats", "-"),
                remove("V3"));

        for (MergeStrategy strategy : MergeStrategy.values()) {
            ThreeWayMerge.Outcome outcome = ThreeWayMerge.merge(base(), root, deltas, strategy);

            assertThat(outcome.status()).as("%s", strategy).isEqualTo(ArchiveStatus.ARCHIVED);
            assertThat(outcome.conflicts()).as("%s", strategy).isEmpty();
            assertThat(outcome.applied()).as("%s", strategy).containsExactly("V2", "V4", "V3");
            assertThat(outcome.merged().text()).as("%s", strategy).isEqualTo(BASE
                    .replace("T1|.|", "T1|x|")
                    .replace("V2|replays book nothing|V1", "V2|replays book nothing new|V1")
                    .replace("V3|amounts are cents|-\n", "V4|no floats|-\n"));
        }
    }

    @Test
    void aRowTheRootAlreadyChangedToTheResultIsDoneForThreeWayAndRefusedWhenStrict() {
        SpecDocument root = root("V2|replays book nothing|V1", "V2 | replays book nothing new | V1");
        List<SpecDelta> deltas = List.of(modify("V2", "replays book nothing new", "V1"), modify("V1", "ids stay", "-"));

        ThreeWayMerge.Outcome threeWay = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.THREE_WAY);
        ThreeWayMerge.Outcome strict = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.REFUSE_ON_CONFLICT);

        assertThat(threeWay.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(threeWay.conflicts()).isEmpty();
        assertThat(threeWay.applied()).as("the same row needs nothing").containsExactly("V1");
        assertThat(strict.status()).isEqualTo(ArchiveStatus.REFUSED);
        assertThat(strict.conflicts()).containsExactly(new MergeConflict("V2", DeltaOp.MODIFY, ConflictKind.SAME,
                "V2 | replays book nothing new | V1"));
        assertThat(strict.merged()).isSameAs(root);
        assertThat(strict.applied()).isEmpty();
    }

    @Test
    void aRowTheRootChangedDifferentlyBlocksThreeWayRefusesStrictAndLosesToLastWriter() {
        SpecDocument root = root("V2|replays book nothing|V1", "V2|replays are read only|V1");
        List<SpecDelta> deltas = List.of(modify("V2", "replays book nothing new", "V1"), modify("V1", "ids stay", "-"));
        MergeConflict changed = new MergeConflict("V2", DeltaOp.MODIFY, ConflictKind.CHANGED,
                "V2|replays are read only|V1");

        ThreeWayMerge.Outcome threeWay = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.THREE_WAY);
        ThreeWayMerge.Outcome strict = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.REFUSE_ON_CONFLICT);
        ThreeWayMerge.Outcome last = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.LAST_WRITER_WINS);

        assertThat(threeWay.status()).isEqualTo(ArchiveStatus.BLOCKED);
        assertThat(threeWay.conflicts()).containsExactly(changed);
        assertThat(threeWay.merged()).as("nothing applied, not even the clean V1").isSameAs(root);
        assertThat(threeWay.applied()).isEmpty();
        assertThat(strict.status()).isEqualTo(ArchiveStatus.REFUSED);
        assertThat(strict.conflicts()).containsExactly(changed);
        assertThat(last.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(last.conflicts()).as("what it overrode").containsExactly(changed);
        assertThat(last.applied()).containsExactly("V2", "V1");
        assertThat(last.merged().row("V2").orElseThrow().cells()).containsExactly("replays book nothing new", "V1");
        assertThat(last.merged().row("V1").orElseThrow().cells()).containsExactly("ids stay", "-");
    }

    @Test
    void aRowTheRootRemovedConflictsWithAModifyAndLastWriterPutsItBack() {
        SpecDocument root = root("V2|replays book nothing|V1\n", "");
        List<SpecDelta> deltas = List.of(modify("V2", "replays book nothing new", "V1"));

        ThreeWayMerge.Outcome threeWay = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.THREE_WAY);
        ThreeWayMerge.Outcome last = ThreeWayMerge.merge(base(), root, deltas, MergeStrategy.LAST_WRITER_WINS);

        assertThat(threeWay.status()).isEqualTo(ArchiveStatus.BLOCKED);
        assertThat(threeWay.conflicts()).containsExactly(new MergeConflict("V2", DeltaOp.MODIFY, ConflictKind.REMOVED,
                null));
        assertThat(last.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(last.merged().row("V2").orElseThrow().cells()).containsExactly("replays book nothing new", "V1");
    }

    @Test
    void theSameIdAddedDifferentlyConflictsAndAddedTheSameIsDone() {
        SpecDocument differently = root("V3|amounts are cents|-\n", "V3|amounts are cents|-\nV4|floats allowed|-\n");
        SpecDocument same = root("V3|amounts are cents|-\n", "V3|amounts are cents|-\nV4|no floats|-\n");
        List<SpecDelta> deltas = List.of(add("V4", "no floats", "-"));

        ThreeWayMerge.Outcome conflicting = ThreeWayMerge.merge(base(), differently, deltas, MergeStrategy.THREE_WAY);
        ThreeWayMerge.Outcome done = ThreeWayMerge.merge(base(), same, deltas, MergeStrategy.THREE_WAY);

        assertThat(conflicting.status()).isEqualTo(ArchiveStatus.BLOCKED);
        assertThat(conflicting.conflicts()).containsExactly(new MergeConflict("V4", DeltaOp.ADD, ConflictKind.ADDED,
                "V4|floats allowed|-"));
        assertThat(done.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(done.applied()).isEmpty();
        assertThat(done.merged()).isSameAs(same);
    }

    @Test
    void removingARowTheRootChangedConflictsAndRemovingOneTheRootRemovedIsDone() {
        SpecDocument changed = root("V3|amounts are cents|-", "V3|amounts are whole cents|-");
        SpecDocument removed = root("V3|amounts are cents|-\n", "");

        ThreeWayMerge.Outcome conflicting = ThreeWayMerge.merge(base(), changed, List.of(remove("V3")),
                MergeStrategy.THREE_WAY);
        ThreeWayMerge.Outcome done = ThreeWayMerge.merge(base(), removed, List.of(remove("V3")),
                MergeStrategy.THREE_WAY);

        assertThat(conflicting.status()).isEqualTo(ArchiveStatus.BLOCKED);
        assertThat(conflicting.conflicts()).extracting(MergeConflict::kind).containsExactly(ConflictKind.CHANGED);
        assertThat(done.status()).isEqualTo(ArchiveStatus.ARCHIVED);
        assertThat(done.applied()).isEmpty();
    }
}
