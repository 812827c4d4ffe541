package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SpecRowBinding;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plan sub-tasks bound to spec rows, on every store: the binding is found by repository and row with the sub-task's
 * status and claimer, a second open plan for a bound row is refused naming the sub-task's field, an archived plan
 * frees its rows, and a user who may not read the plan neither sees the binding nor is refused by it.
 */
class SpecRowBindingTest {

    private static final String REPO = "/work/ledger";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    private static PlanDraft replay(String slug, String firstRow, String secondRow) {
        return replay(REPO, slug, firstRow, secondRow);
    }

    private static PlanDraft replay(String repo, String slug, String firstRow, String secondRow) {
        return PlanDraft.of(repo, slug, "Replay bookings", List.of(
                SubtaskDraft.of("Add the replay command", List.of("cli/Replay.java")).boundTo(firstRow),
                SubtaskDraft.of("Document replays", List.of("docs/replay.md")).dependingOn(0).boundTo(secondRow)))
                .because("Operators cannot replay", List.of("a replay books nothing new"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aBoundRowIsFoundWithItsSubtaskAndASecondOpenPlanForItIsRefused(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");

            Plan plan = claude.plans().publish(replay("replay", "T2", null));
            assertThat(plan.subtasks().get(0).specRowId()).isEqualTo("T2");
            assertThat(plan.subtasks().get(1).specRowId()).isNull();
            codex.plans().claim(PlanRef.of("replay"), 0);

            SpecRowBinding binding = claude.plans().bindingOf(REPO, "T2").orElseThrow();
            assertThat(binding.planSlug()).isEqualTo("replay");
            assertThat(binding.subtaskIndex()).isZero();
            assertThat(binding.branch()).isEqualTo("spec/replay/sub-0");
            assertThat(binding.task()).isEqualTo(plan.subtasks().get(0).task());
            assertThat(binding.status()).isEqualTo(SubtaskStatus.CLAIMED);
            assertThat(binding.claimedByAgent()).isEqualTo("codex");
            assertThat(claude.plans().bindingOf(REPO, "T3")).isEmpty();
            assertThat(claude.plans().bindingOf("/work/other", "T2")).isEmpty();

            assertRefused(() -> codex.plans().publish(replay("replay-again", "T3", "T2")), ErrorCode.CONFLICT,
                    "subtasks[1].spec_row_id");
            assertThat(catchThrowable(() -> codex.plans().publish(replay("replay-again", "T3", "T2"))))
                    .hasMessageContaining("sub-task 0 of plan replay");
            assertThat(claude.plans().bindingOf(REPO, "T3")).as("nothing of the refused plan is written").isEmpty();
            assertThat(codex.plans().publish(replay("/work/other", "elsewhere", "T2", null)).subtasks().get(0)
                    .specRowId()).isEqualTo("T2");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void anArchivedPlanFreesItsRows(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            claude.plans().publish(replay("replay", "T2", "T4").autoArchiving(Duration.ZERO));
            claude.plans().claim(PlanRef.of("replay"), 0);
            claude.plans().complete(PlanRef.of("replay"), 0, "replay added");
            claude.plans().claim(PlanRef.of("replay"), 1);
            claude.plans().complete(PlanRef.of("replay"), 1, "documented");
            clock.advance(Duration.ofSeconds(1));

            assertThat(claude.plans().bindingOf(REPO, "T2")).isEmpty();
            assertThat(claude.plans().publish(replay("replay-2", "T2", "T4")).subtasks())
                    .extracting(subtask -> subtask.specRowId()).containsExactly("T2", "T4");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aUserWhoMayNotReadThePlanNeitherSeesTheBindingNorIsRefusedByIt(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            as(colony, "alice", "claude-code").plans().publish(replay("replay", "T2", null));
            CallerScope bob = as(colony, "bob", "claude-code");

            assertThat(bob.plans().bindingOf(REPO, "T2")).isEmpty();
            assertThat(bob.plans().publish(replay("replay", "T2", null)).subtasks().get(0).specRowId())
                    .isEqualTo("T2");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aRowTwiceInOnePlanOrAMalformedRowIsRefusedNamingTheField(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");

            assertRefused(() -> claude.plans().publish(replay("twice", "T2", "T2")), ErrorCode.INVALID_ARGUMENT,
                    "subtasks[1].spec_row_id");
            assertRefused(() -> claude.plans().publish(replay("bad", "T 2", null)), ErrorCode.INVALID_ARGUMENT,
                    "subtasks[0].spec_row_id");
            assertRefused(() -> claude.plans().bindingOf(REPO, "§T"), ErrorCode.INVALID_ARGUMENT, "spec_row_id");
            assertRefused(() -> claude.plans().bindingOf("relative", "T2"), ErrorCode.INVALID_ARGUMENT, "repo_root");
            assertThat(claude.plans().list(PlanListQuery.open())).isEmpty();
        }
    }
}
