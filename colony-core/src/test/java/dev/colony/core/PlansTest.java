package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.plan.ArchiveReport;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.PlanValidation;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.api.plan.SubtaskCompletion;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.task.Participant;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans on every store: publishing checks waves, overlaps and finalizers and opens one thread per sub-task;
 * claiming is one transaction with the thread and the file claims; completing releases the files, unlocks
 * dependents and archives an auto-archiving plan after its grace period; blocking shows the chain it holds
 * back.
 */
class PlansTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    /** API, then a page on it, then a verification of both. */
    private static PlanDraft widgets(String slug) {
        return PlanDraft.of(REPO, slug, "Add the widget page", List.of(
                SubtaskDraft.of("Build the widget API", List.of("api/widgets.ts")).needing("api_work"),
                SubtaskDraft.of("Build the widget page", List.of("web/widgets.tsx")).dependingOn(0).needing("ui_work"),
                SubtaskDraft.of("Verify the widget flow", List.of("e2e/widgets.spec.ts")).dependingOn(0, 1)))
                .because("No widget page exists", List.of("the page lists widgets"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aPublishedPlanOpensAThreadPerSubtaskInWavesWithoutJoiningThem(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");

            Plan plan = claude.plans().publish(widgets("widgets"));

            assertThat(plan.slug()).isEqualTo("widgets");
            assertThat(plan.status()).isEqualTo(PlanStatus.OPEN);
            assertThat(plan.subtasks()).extracting(Subtask::wave).containsExactly(0, 1, 2);
            assertThat(plan.subtasks()).extracting(Subtask::branch).containsExactly("spec/widgets/sub-0",
                    "spec/widgets/sub-1", "spec/widgets/sub-2");
            assertThat(plan.subtasks().get(2).finalizer()).as("titled as closing work").isTrue();
            assertThat(plan.nextAvailable()).extracting(Subtask::index).containsExactly(0);
            assertThat(claude.tasks().get(plan.subtasks().get(1).task()).branch()).isEqualTo("spec/widgets/sub-1");
            assertThat(claude.tasks().get(plan.specTask()).branch()).isEqualTo("spec/widgets");
            assertThat(claude.tasks().participants(plan.subtasks().get(0).task())).as("publishing is not claiming")
                    .isEmpty();
            assertThat(claude.plans().list(PlanListQuery.open())).extracting(Plan::slug).containsExactly("widgets");
            assertThat(claude.plans().list(PlanListQuery.open().withAvailable("ui_work"))).isEmpty();
            assertThat(claude.plans().list(PlanListQuery.open().withAvailable("api_work"))).hasSize(1);
            assertThat(claude.plans().get(PlanRef.of("widgets")).counts()).containsEntry(SubtaskStatus.AVAILABLE, 3);
            assertRefused(() -> claude.plans().publish(widgets("widgets")), ErrorCode.DUPLICATE, "slug");
            assertRefused(() -> as(colony, "mallory").plans().get(PlanRef.of("widgets")),
                    ErrorCode.PLAN_SUBTASK_NOT_FOUND, "plan_slug");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aBadPlanIsRefusedWithTheRuleItBreaksAndValidationReportsEverything(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            PlanDraft forward = PlanDraft.of(REPO, "forward", "Forward", List.of(
                    SubtaskDraft.of("A", List.of("a.ts")).dependingOn(1), SubtaskDraft.of("B", List.of("b.ts"))));
            PlanDraft sameWave = PlanDraft.of(REPO, "same-wave", "Same wave", List.of(
                    SubtaskDraft.of("A", List.of("shared.ts")), SubtaskDraft.of("B", List.of("./shared.ts"))));
            PlanDraft laterWave = PlanDraft.of(REPO, "later-wave", "Later wave", List.of(
                    SubtaskDraft.of("A", List.of("x.ts")), SubtaskDraft.of("B", List.of("y.ts")),
                    SubtaskDraft.of("C", List.of("x.ts")).dependingOn(1)));
            PlanDraft finalizer = PlanDraft.of(REPO, "finalizer", "Finalizer", List.of(
                    SubtaskDraft.of("A", List.of("a.ts")), SubtaskDraft.of("B", List.of("b.ts")),
                    SubtaskDraft.of("Release 2.0", List.of("CHANGELOG.md")).dependingOn(0)));
            PlanDraft earlyWave = PlanDraft.of(REPO, "early-wave", "Early wave", List.of(
                    SubtaskDraft.of("A", List.of("a.ts")), SubtaskDraft.of("B", List.of("b.ts")).dependingOn(0)
                            .inWave(0)));
            PlanDraft sequenced = PlanDraft.of(REPO, "sequenced", "Sequenced", List.of(
                    SubtaskDraft.of("A", List.of("shared.ts")), SubtaskDraft.of("B", List.of("b.ts")).dependingOn(0),
                    SubtaskDraft.of("C", List.of("shared.ts")).dependingOn(1)));

            assertRefused(() -> claude.plans().publish(forward), ErrorCode.PLAN_INVALID_WAVE_DEPENDENCY, "subtasks");
            assertRefused(() -> claude.plans().publish(sameWave), ErrorCode.PLAN_WAVE_SCOPE_OVERLAP, "subtasks");
            assertRefused(() -> claude.plans().publish(laterWave), ErrorCode.PLAN_SCOPE_OVERLAP, "subtasks");
            assertRefused(() -> claude.plans().publish(finalizer), ErrorCode.PLAN_FINALIZER_NOT_LAST, "subtasks");
            assertRefused(() -> claude.plans().publish(earlyWave), ErrorCode.PLAN_INVALID_WAVE_DEPENDENCY, "subtasks");
            assertThat(claude.plans().list(PlanListQuery.open())).as("nothing written").isEmpty();

            PlanValidation report = claude.plans().validate(laterWave);
            assertThat(report.partitionClean()).isFalse();
            assertThat(report.pairwiseOverlaps()).singleElement().satisfies(overlap -> {
                assertThat(overlap.first()).isZero();
                assertThat(overlap.second()).isEqualTo(2);
                assertThat(overlap.files()).containsExactly("x.ts");
                assertThat(overlap.sequenced()).isFalse();
            });
            assertThat(report.orderedWaveErrors()).extracting(error -> error.code()).containsExactly(
                    "PLAN_SCOPE_OVERLAP");
            assertThat(report.summary()).startsWith("not clean");
            PlanValidation fine = claude.plans().validate(sequenced);
            assertThat(fine.partitionClean()).isTrue();
            assertThat(fine.pairwiseOverlaps()).singleElement().satisfies(overlap ->
                    assertThat(overlap.sequenced()).isTrue());
            assertThat(fine.waves()).containsExactly(0, 1, 2);

            Plan other = codex.plans().publish(PlanDraft.of(REPO, "holder", "Holder", List.of(
                    SubtaskDraft.of("Hold it", List.of("shared.ts")), SubtaskDraft.of("Other", List.of("o.ts")))));
            codex.plans().claim(PlanRef.of(other.slug()), 0);
            PlanValidation collided = claude.plans().validate(sequenced);
            assertThat(collided.partitionClean()).isFalse();
            assertThat(collided.liveClaimCollisions()).extracting(collision -> collision.subtask())
                    .containsExactly(0, 2);
            assertThat(collided.liveClaimCollisions().get(0).agent()).isEqualTo("codex");
            assertThat(claude.plans().publish(sequenced).slug()).as("a live claim does not stop a publish")
                    .isEqualTo("sequenced");

            assertRefused(() -> claude.plans().publish(PlanDraft.of(REPO, "Bad Slug", "x", widgets("x").subtasks())),
                    ErrorCode.INVALID_ARGUMENT, "slug");
            assertRefused(() -> claude.plans().publish(PlanDraft.of(REPO, "one", "One", List.of(
                    SubtaskDraft.of("Only", List.of("a.ts"))))), ErrorCode.INVALID_ARGUMENT, "subtasks");
            assertRefused(() -> claude.plans().publish(PlanDraft.of(REPO, "pseudo", "Pseudo", List.of(
                    SubtaskDraft.of("A", List.of("/dev/null")), SubtaskDraft.of("B", List.of("b.ts"))))),
                    ErrorCode.INVALID_CLAIM_PATH, "subtasks[0].file_scope[0]");
            assertRefused(() -> claude.plans().publish(PlanDraft.of("relative/repo", "rel", "Rel",
                    widgets("rel").subtasks())), ErrorCode.INVALID_ARGUMENT, "repo_root");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void claimingCompletingAndAutoArchivingFollowTheDependencies(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            Plan plan = claude.plans().publish(widgets("flow").autoArchiving());
            PlanRef ref = PlanRef.of("flow");

            SubtaskClaim claimed = codex.plans().claim(ref, 0);

            assertThat(claimed.branch()).isEqualTo("spec/flow/sub-0");
            assertThat(claimed.fileScope()).containsExactly("api/widgets.ts");
            assertThat(codex.tasks().participants(claimed.task())).extracting(Participant::session)
                    .containsExactly(codex.actor().session());
            assertThat(codex.claims().list(claimed.task(), 10)).singleElement().satisfies(claim -> {
                assertThat(claim.filePath()).isEqualTo("api/widgets.ts");
                assertThat(claim.session()).isEqualTo(codex.actor().session());
                assertThat(claim.state()).isEqualTo(ClaimState.ACTIVE);
            });
            ColonyException taken = refusal(() -> claude.plans().claim(ref, 0), ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE);
            assertThat(taken.details()).containsEntry("claimed_by", codex.actor().session().value())
                    .containsEntry("next_available", List.of());
            ColonyException early = refusal(() -> claude.plans().claim(ref, 1), ErrorCode.PLAN_SUBTASK_DEPS_UNMET);
            assertThat(early.details()).containsEntry("unmet", List.of(0));
            refusal(() -> claude.plans().complete(ref, 0, "mine?"), ErrorCode.PLAN_SUBTASK_NOT_YOURS);
            refusal(() -> claude.plans().complete(ref, 1, "not claimed"), ErrorCode.PLAN_SUBTASK_NOT_CLAIMED);
            assertRefused(() -> claude.plans().claim(ref, 7), ErrorCode.PLAN_SUBTASK_NOT_FOUND, "subtask_index");
            assertRefused(() -> claude.plans().claim(PlanRef.of("nope"), 0), ErrorCode.PLAN_SUBTASK_NOT_FOUND,
                    "plan_slug");

            SubtaskCompletion first = codex.plans().complete(ref, 0, "GET /api/widgets serves rows");

            assertThat(first.subtask().status()).isEqualTo(SubtaskStatus.COMPLETED);
            assertThat(first.subtask().summary()).isEqualTo("GET /api/widgets serves rows");
            assertThat(first.unlocked()).containsExactly(1);
            assertThat(first.autoArchive().status()).isEqualTo(ArchiveReport.Status.SKIPPED);
            assertThat(first.autoArchive().reason()).contains("2 sub-tasks are still outstanding");
            List<FileClaim> released = codex.claims().list(claimed.task(), 10);
            assertThat(released).as("released claims are not listed").isEmpty();
            claude.plans().claim(ref, 1);
            claude.plans().complete(ref, 1, "page renders");
            codex.plans().claim(ref, 2);
            SubtaskCompletion last = codex.plans().complete(ref, 2, "verified");
            assertThat(last.autoArchive().status()).isEqualTo(ArchiveReport.Status.SKIPPED);
            assertThat(last.autoArchive().reason()).contains("grace period");
            assertThat(claude.plans().get(ref).status()).isEqualTo(PlanStatus.OPEN);

            clock.advance(PlanRegistry.DEFAULT_ARCHIVE_GRACE);

            assertThat(claude.plans().list(PlanListQuery.open())).isEmpty();
            Plan archived = claude.plans().get(ref);
            assertThat(archived.status()).isEqualTo(PlanStatus.ARCHIVED);
            assertThat(archived.complete()).isTrue();
            assertThat(claude.plans().list(PlanListQuery.open().withArchived())).extracting(Plan::slug)
                    .containsExactly(plan.slug());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aBlockedSubtaskShowsTheChainItHoldsBackUntilReopened(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope bob = as(colony, "bob", "codex");
            claude.plans().publish(widgets("blocking").autoArchiving());
            PlanRef ref = PlanRef.of("blocking");
            SubtaskClaim claimed = codex.plans().claim(ref, 0);

            Subtask blocked = codex.plans().block(ref, 0, "the widgets table does not exist yet");

            assertThat(blocked.status()).isEqualTo(SubtaskStatus.BLOCKED);
            assertThat(blocked.blockedReason()).contains("widgets table");
            assertThat(blocked.claimedBy()).isNull();
            assertThat(codex.claims().list(claimed.task(), 10)).as("its files are released").isEmpty();
            Plan plan = claude.plans().get(ref);
            assertThat(plan.blockedBy(2)).containsExactly(0);
            assertThat(plan.nextAvailable()).isEmpty();
            ColonyException waiting = refusal(() -> codex.plans().claim(ref, 1), ErrorCode.PLAN_SUBTASK_DEPS_UNMET);
            assertThat(waiting.details()).containsEntry("blocked_by", List.of(0));
            refusal(() -> codex.plans().claim(ref, 0), ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE);
            refusal(() -> codex.plans().block(ref, 0, "again"), ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE);
            assertRefused(() -> bob.plans().block(ref, 1, "not mine"), ErrorCode.PLAN_SUBTASK_NOT_FOUND, "plan_slug");
            assertRefused(() -> codex.plans().block(ref, 1, " "), ErrorCode.INVALID_ARGUMENT, "reason");

            Subtask reopened = claude.plans().reopen(ref, 0);

            assertThat(reopened.status()).isEqualTo(SubtaskStatus.AVAILABLE);
            assertThat(claude.plans().get(ref).nextAvailable()).extracting(Subtask::index).containsExactly(0);
            refusal(() -> claude.plans().reopen(ref, 0), ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE);
            codex.plans().claim(ref, 0);
            codex.plans().complete(ref, 0, "done after all");
            claude.plans().block(ref, 2, "the e2e environment is down");
            codex.plans().claim(ref, 1);
            assertThat(codex.plans().complete(ref, 1, "page renders").autoArchive())
                    .isEqualTo(new ArchiveReport(ArchiveReport.Status.BLOCKED, "blocked sub-tasks [2] keep the plan "
                            + "from completing; reopen them with a fix or archive by hand"));
            clock.advance(Duration.ofHours(1));
            assertThat(claude.plans().get(ref).status()).as("a blocked plan never archives").isEqualTo(PlanStatus.OPEN);
            assertThat(Map.copyOf(claude.plans().get(ref).counts())).containsEntry(SubtaskStatus.BLOCKED, 1)
                    .containsEntry(SubtaskStatus.COMPLETED, 2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aFileHeldByAnotherAgentRollsTheWholeClaimBack(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope gemini = as(colony, "alice", "gemini");
            Plan plan = claude.plans().publish(widgets("held-file"));
            gemini.claims().claim(plan.subtasks().get(0).task(), "api/widgets.ts", "editing it by hand");

            refusal(() -> codex.plans().claim(PlanRef.of("held-file"), 0), ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER);

            Subtask after = claude.plans().get(PlanRef.of("held-file")).subtasks().get(0);
            assertThat(after.status()).as("nothing claimed").isEqualTo(SubtaskStatus.AVAILABLE);
            assertThat(after.version()).isEqualTo(plan.subtasks().get(0).version());
            assertThat(codex.tasks().participants(after.task())).extracting(Participant::session)
                    .doesNotContain(codex.actor().session());
        }
    }

    private static ColonyException refusal(ThrowingCallable call, ErrorCode code) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).isInstanceOf(ColonyException.class);
        ColonyException error = (ColonyException) thrown;
        assertThat(error.code()).as(error.getMessage()).isEqualTo(code);
        return error;
    }
}
