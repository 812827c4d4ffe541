package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.ErrorCode;
import dev.colony.api.spec.SpecContext;
import dev.colony.api.spec.SpecDocument;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.spec.Specs;
import dev.colony.core.internal.spec.SpecService;
import org.junit.jupiter.api.Test;

/**
 * The context of a build task: only the rows it cites and those they cite one level further, the always-on
 * invariants, cites that name no row reported apart, prose in the cites cell ignored, and a missing task refused
 * naming {@code task_id}.
 */
class SpecContextTest {

    private static final String SPEC = """
            # SPEC

            ## §G  goal
            Book payments once.

            ## §V  invariants
            id|rule|cites
            -|-|-
            V1|A booking id is never reused|-
            V2|Replays book nothing new|V1
            V3|Refunds are bookings too|V2
            V4|Amounts are cents|V5
            V9.always|Nothing goes through floating point|-

            ## §T  tasks
            id|status|task|cites
            -|-|-|-
            T1|.|Add the replay command|V3, V7
            T2|.|Tidy the docs|see Notes and Appendix
            T3|.|Refund a booking|V3.always T1
            """;

    private final Specs specs = SpecService.INSTANCE;

    @Test
    void aTaskGetsWhatItCitesAndWhatThoseCiteOneLevelFurtherPlusTheAlwaysOnInvariants() {
        SpecDocument spec = specs.parse(SPEC);

        SpecContext context = specs.context(spec, "T1");

        assertThat(context.task().id()).isEqualTo("T1");
        assertThat(context.citedIds()).as("V3 directly, V2 through it; V1 is a third level away")
                .containsExactly("V3", "V2");
        assertThat(context.cited()).extracting(SpecRow::id).containsExactly("V3", "V2");
        assertThat(context.missingIds()).containsExactly("V7");
        assertThat(context.alwaysInvariants()).extracting(SpecRow::id).containsExactly("V9.always");
        assertThat(context.rendered()).isEqualTo("""
                goal: Book payments once.
                task: T1 | . | Add the replay command | V3, V7
                cited:
                - V3 | Refunds are bookings too | V2
                - V2 | Replays book nothing new | V1
                always:
                - V9.always | Nothing goes through floating point | -
                """);
        assertThat(context.rendered()).doesNotContain("V1 |", "V4", "T2");
    }

    @Test
    void proseInTheCitesCellIsNoCiteAndATaskMayCiteAnotherTask() {
        SpecDocument spec = specs.parse(SPEC);

        assertThat(specs.context(spec, "T2").citedIds()).isEmpty();
        assertThat(specs.context(spec, "T2").missingIds()).isEmpty();
        SpecContext refund = specs.context(spec, "T3");
        assertThat(refund.citedIds()).containsExactly("T1", "V3");
        assertThat(refund.missingIds()).containsExactly("V3.always", "V7");
    }

    @Test
    void aMissingOrMalformedTaskIsRefusedNamingTheTaskId() {
        SpecDocument spec = specs.parse(SPEC);

        assertRefused(() -> specs.context(spec, "T9"), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> specs.context(spec, "V1"), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> specs.context(spec, "not an id"), ErrorCode.INVALID_ARGUMENT, "task_id");
        assertRefused(() -> specs.context(spec, " "), ErrorCode.INVALID_ARGUMENT, "task_id");
    }
}
