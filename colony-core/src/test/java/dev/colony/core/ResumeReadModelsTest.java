package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.resume.AutopilotDecision;
import dev.colony.api.resume.NextStep;
import dev.colony.api.resume.ResumeQuery;
import dev.colony.api.resume.ResumeView;
import dev.colony.api.resume.ResumeWarning;
import dev.colony.api.task.WorkingNoteDraft;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.CountingProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read models behind the resume views and the autopilot, on SQLite, without any tool: the order the next step is
 * chosen in, the resume view read in one transaction whose parts agree, and the repository roots the lane views
 * take.
 */
class ResumeReadModelsTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private CountingProvider store;
    private Colony colony;

    @BeforeEach
    void open() {
        store = new CountingProvider(SqliteStorageProvider.open(dir.resolve("c.db")));
        colony = Colony.builder().storage(store).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void theAutopilotPutsWhatNeedsTheCallerFirstThenReadyWorkThenTheHeldSubtask() {
        CallerScope claude = as(colony, "alice", "claude-code");
        CallerScope codex = as(colony, "alice", "codex");

        AutopilotDecision idle = claude.autopilot().next(null);
        assertThat(idle.step()).isEqualTo(NextStep.NO_OP);
        assertThat(idle.nextTool()).isNull();
        assertThat(idle.nextArgs()).isNull();
        assertThat(idle.generatedAt()).isEqualTo(ColonyTestSupport.START);

        claude.plans().publish(shelf());
        AutopilotDecision claim = claude.autopilot().next(REPO + "/./");
        assertThat(claim.step()).isEqualTo(NextStep.CLAIM_READY);
        assertThat(claim.nextTool()).isEqualTo("task_plan_claim_subtask");
        assertThat(claim.nextArgs()).containsKeys("repo_root", "plan_slug", "subtask_index")
                .containsEntry("repo_root", REPO).containsEntry("plan_slug", "shelf");
        assertThat(claim.counts().readySubtaskCount()).isEqualTo(2);
        assertThat(claude.autopilot().next("/work/other").step()).as("ready work of another repository only")
                .isEqualTo(NextStep.NO_OP);

        claude.plans().claim(PlanRef.of("shelf"), (Integer) claim.nextArgs().get("subtask_index"));
        AutopilotDecision held = claude.autopilot().next(null);
        assertThat(held.step()).isEqualTo(NextStep.CONTINUE_CURRENT);
        assertThat(held.nextTool()).isEqualTo("task_plan_complete_subtask");

        TaskId thread = claude.tasks().open(REPO, "feature/shelf").thread().id();
        codex.messages().send(MessageDraft.to(thread, "Which schema?").withToAgent("claude")
                .withUrgency(MessageUrgency.NEEDS_REPLY));
        assertThat(claude.autopilot().next(null).step()).isEqualTo(NextStep.REPLY_MESSAGE);

        codex.messages().send(MessageDraft.to(thread, "Stop: the shelf moved").withToAgent("claude")
                .withUrgency(MessageUrgency.BLOCKING));
        AutopilotDecision blocking = claude.autopilot().next(null);
        assertThat(blocking.step()).isEqualTo(NextStep.REPLY_BLOCKING_MESSAGE);
        assertThat(blocking.reason()).contains("blocking message from codex");

        codex.handoffs().handOff(HandoffRequest.of(thread, "claude", "Take over the shelf"));
        AutopilotDecision handoff = claude.autopilot().next(null);
        assertThat(handoff.step()).isEqualTo(NextStep.ACCEPT_HANDOFF);
        assertThat(handoff.nextTool()).isEqualTo("task_accept_handoff");
        assertThat(handoff.nextArgs()).containsOnlyKeys("handoff_observation_id");
        assertThat(handoff.counts().pendingHandoffCount()).isEqualTo(1);
        assertThat(handoff.counts().unreadMessageCount()).isEqualTo(2);
        assertThat(handoff.counts().blockingMessageCount()).isEqualTo(1);
        assertThat(handoff.suggestedWakeSeconds()).isLessThan(idle.suggestedWakeSeconds());

        assertRefused(() -> claude.autopilot().next("shop"), ErrorCode.INVALID_ARGUMENT, "repo_root");
    }

    @Test
    void theResumeViewIsReadInOneTransactionAndItsPartsAgree() {
        CallerScope claude = as(colony, "alice", "claude-code");
        CallerScope codex = as(colony, "alice", "codex");
        TaskId thread = claude.tasks().open(REPO, "feature/shelf").thread().id();
        claude.claims().claim(thread, "src/Shelf.java", null);
        codex.claims().claim(thread, "src/Rack.java", null);
        claude.tasks().noteWorking(WorkingNoteDraft.of("next=glue the shelf; evidence=PR 7"));
        claude.plans().publish(shelf());
        codex.messages().send(MessageDraft.to(thread, "Stop: the shelf moved").withToAgent("claude")
                .withUrgency(MessageUrgency.BLOCKING));
        store.countCallingThread();

        ResumeView view = claude.resume().read(new ResumeQuery(REPO, "feature/shelf", 3));

        assertThat(store.reads()).as("read transactions").isEqualTo(1);
        assertThat(store.writes()).as("write transactions").isZero();
        assertThat(view.own().session()).isEqualTo(claude.actor().session());
        assertThat(view.own().task()).isEqualTo(thread);
        assertThat(view.lanes()).hasSize(2);
        assertThat(view.claims()).extracting(FileClaim::filePath).as("the caller's own claims only")
                .containsExactly("src/Shelf.java");
        assertThat(view.note().pointer().next()).isEqualTo("glue the shelf");
        assertThat(view.attention().unreadCount()).isEqualTo(1);
        assertThat(view.work().totalAvailable()).isEqualTo(2);
        assertThat(view.decision().step()).as("decided over the same state").isEqualTo(NextStep.REPLY_BLOCKING_MESSAGE);
        assertThat(view.decision().generatedAt()).isEqualTo(view.attention().generatedAt());
        assertThat(view.warnings()).isEmpty();
        assertThat(view.pendingSignals()).isZero();
    }

    @Test
    void warningsSayWhatIsMissing() {
        CallerScope claude = as(colony, "alice", "claude-code");
        assertThat(claude.resume().read(new ResumeQuery(null, null, 3)).warnings())
                .containsExactly(ResumeWarning.NO_THREAD);

        claude.tasks().open(REPO, "feature/shelf");
        claude.claims().claim(claude.tasks().open(REPO, "feature/shelf").thread().id(), "src/Shelf.java", null);
        assertThat(claude.resume().read(new ResumeQuery(REPO, null, 3)).warnings())
                .containsExactly(ResumeWarning.NO_WORKING_NOTE);

        assertRefused(() -> claude.resume().read(new ResumeQuery("shop", null, 3)), ErrorCode.INVALID_ARGUMENT,
                "repo_roots[0]");
        assertRefused(() -> claude.resume().read(new ResumeQuery(REPO, null, 0)), ErrorCode.INVALID_ARGUMENT, "limit");
    }

    @Test
    void plansDueForArchivingAreArchivedBeforeTheViewIsRead() {
        CallerScope claude = as(colony, "alice", "claude-code");
        claude.plans().publish(shelf().autoArchiving(Duration.ofMinutes(1)));
        for (int index = 0; index < 2; index++) {
            claude.plans().claim(PlanRef.of("shelf"), index);
            claude.plans().complete(PlanRef.of("shelf"), index, "done");
        }
        clock.advance(Duration.ofHours(1));
        store.countCallingThread();

        ResumeView view = claude.resume().read(new ResumeQuery(REPO, null, 3));

        assertThat(store.writes()).as("the archiving").isEqualTo(1);
        assertThat(store.reads()).as("the view, then again after archiving").isEqualTo(2);
        assertThat(view.work().ready()).isEmpty();
        assertThat(claude.plans().get(PlanRef.of("shelf")).status().name()).isEqualTo("ARCHIVED");
    }

    @Test
    void laneRootsAreNormalisedTogetherAndRefusedByTheArgumentTheyCameFrom() {
        CallerScope claude = as(colony, "alice", "claude-code");

        assertThat(claude.lanes().roots("/work/shop/./", List.of("/work//app/", "/work/shop")))
                .containsExactly(REPO, "/work/app");
        assertThat(claude.lanes().roots(null, List.of())).isEmpty();
        assertRefused(() -> claude.lanes().roots("shop", List.of()), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> claude.lanes().roots(REPO, List.of(REPO, "app")), ErrorCode.INVALID_ARGUMENT,
                "repo_roots[1]");
    }

    /** A plan of two sub-tasks side by side. */
    private static PlanDraft shelf() {
        return PlanDraft.of(REPO, "shelf", "Shelf", List.of(SubtaskDraft.of("Build the shelf",
                List.of("src/Build.java")), SubtaskDraft.of("Paint the shelf", List.of("src/Paint.java"))));
    }
}
