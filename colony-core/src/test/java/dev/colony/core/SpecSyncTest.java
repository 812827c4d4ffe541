package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.spec.SpecDrift;
import dev.colony.api.spec.SpecDrift.Code;
import dev.colony.api.spec.SpecSyncReport;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.core.internal.spec.SpecSync;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The drift between a repository's spec changes and the plans of the same slugs: each kind found where it is and
 * nowhere else, each with its repair, the stale age measured on the Colony's clock, links not followed, another
 * user's plan invisible, and bad input refused naming the field.
 */
class SpecSyncTest {

    @TempDir
    Path repo;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private Colony colony;
    private CallerScope claude;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(H2StorageProvider.inMemory()).search(LuceneSearch.inMemory()).clock(clock)
                .build();
        claude = as(colony, "alice", "claude-code");
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private SpecSyncReport status() {
        return new SpecSync(claude, clock.instant()).status(repo.toString(), Duration.ofHours(24), 50);
    }

    private Path change(String slug, String tasks) throws IOException {
        Path dir = Files.createDirectories(repo.resolve("openspec/changes/" + slug));
        Files.writeString(dir.resolve("tasks.md"), tasks);
        return dir;
    }

    private Plan publishReplay() {
        return claude.plans().publish(PlanDraft.of(repo.toString(), "replay", "Replay bookings", List.of(
                SubtaskDraft.of("Add the replay command", List.of("cli/Replay.java")).boundTo("T2"),
                SubtaskDraft.of("Document replays", List.of("docs/replay.md")),
                SubtaskDraft.of("Verify replays", List.of("e2e/replay.sh")).dependingOn(0, 1))));
    }

    @Test
    void aChangeInStepWithItsPlanHasNoDrift() throws IOException {
        change("replay", """
                # Tasks
                - [ ] sub-0 Add the replay command
                - [ ] Document replays
                - [ ] T2 follow-up is the same row
                """);
        publishReplay();

        SpecSyncReport report = status();

        assertThat(report.changes()).isEqualTo(1);
        assertThat(report.drift()).isEmpty();
        assertThat(report.driftCount()).isZero();
    }

    @Test
    void eachDisagreementIsReportedWithItsRepair() throws IOException {
        change("replay", """
                - [x] sub-1 docs are written
                - [ ] sub-0 Add the replay command
                - [ ] Verify replays
                """);
        change("orphan", "- [ ] write the orphan page\n- [x] a ticked line is no drift\n");
        publishReplay();
        PlanRef replay = new PlanRef(repo.toString(), "replay");
        claude.plans().claim(replay, 0);
        claude.plans().complete(replay, 0, "replay command added");
        clock.advance(Duration.ofHours(25));

        SpecSyncReport report = status();

        assertThat(report.changes()).isEqualTo(2);
        assertThat(report.drift()).extracting(SpecDrift::code, SpecDrift::file, SpecDrift::line)
                .containsExactly(
                        tuple(Code.CHECKED_BUT_OPEN, "openspec/changes/replay/tasks.md", 1),
                        tuple(Code.UNCHECKED_BUT_DONE, "openspec/changes/replay/tasks.md", 2),
                        tuple(Code.MISSING_PR_EVIDENCE, null, null),
                        tuple(Code.STALE_CHECKBOX, "openspec/changes/replay/tasks.md", 3),
                        tuple(Code.UNLINKED_CHECKBOX, "openspec/changes/orphan/tasks.md", 1));
        SpecDrift ticked = report.drift().get(0);
        assertThat(ticked.subtaskIndex()).isEqualTo(1);
        assertThat(ticked.repair().tool()).isEqualTo("task_plan_complete_subtask");
        assertThat(ticked.repair().args()).containsEntry("plan_slug", "replay").containsEntry("subtask_index", 1);
        assertThat(report.drift().get(1).repair().edit()).isEqualTo("tick openspec/changes/replay/tasks.md:2: "
                + "[ ] -> [x]");
        assertThat(report.drift().get(2).repair().tool()).isEqualTo("task_post");
        assertThat(report.drift().get(2).repair().args()).containsEntry("task_id",
                report.drift().get(2).task().value());
        assertThat(report.drift().get(3).repair().tool()).as("sub-2 waits for nobody to claim it")
                .isEqualTo("task_plan_claim_subtask");
        assertThat(report.drift().get(3).reason()).contains("unchanged for 25 h");
        assertThat(report.drift().get(4).repair().edit()).contains("task_plan_publish");
    }

    @Test
    void pullRequestEvidenceOnTheThreadClearsTheDriftAndADonePlanAsksForTheArchive() throws IOException {
        change("replay", "- [x] sub-0\n- [x] sub-1\n- [x] sub-2\n");
        Plan plan = publishReplay();
        PlanRef replay = new PlanRef(repo.toString(), "replay");
        for (int i = 0; i < 3; i++) {
            claude.plans().claim(replay, i);
            claude.plans().complete(replay, i, i == 0 ? "done in https://github.com/acme/ledger/pull/12" : "done");
        }
        claude.tasks().post(plan.subtasks().get(1).task(), new PostDraft(PostKind.NOTE,
                "Merged: https://gitlab.example/acme/ledger/-/merge_requests/7", null, List.of()));

        SpecSyncReport report = status();

        assertThat(report.drift()).extracting(SpecDrift::code, SpecDrift::subtaskIndex).containsExactly(
                tuple(Code.ARCHIVE_PENDING, null), tuple(Code.MISSING_PR_EVIDENCE, 2));
        assertThat(report.drift().get(0).repair().tool()).isEqualTo("spec_archive");
        assertThat(report.drift().get(0).repair().args()).isEqualTo(Map.of("repo_root", repo.toString(),
                "slug", "replay"));
    }

    @Test
    void anInterruptedArchiveIsReportedFirst() throws IOException {
        Path dir = change("replay", "");
        Files.writeString(dir.resolve(".archiving"), "");

        assertThat(status().drift()).extracting(SpecDrift::code).containsExactly(Code.ARCHIVE_INTERRUPTED);
    }

    @Test
    void anotherUsersPlanIsNotSeenAndLinkedFilesAreNotFollowed() throws IOException {
        Path changes = Files.createDirectories(repo.resolve("openspec/changes"));
        Path elsewhere = Files.createDirectories(repo.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("tasks.md"), "- [ ] linked\n");
        Files.createSymbolicLink(changes.resolve("linked"), elsewhere);
        Path replay = change("replay", "- [ ] sub-0 Add the replay command\n");
        Files.createSymbolicLink(replay.resolve("more.md"), elsewhere.resolve("tasks.md"));
        publishReplay();
        CallerScope bob = as(colony, "bob", "claude-code");

        SpecSyncReport forBob = new SpecSync(bob, clock.instant()).status(repo.toString(), Duration.ofHours(24), 50);

        assertThat(forBob.changes()).isEqualTo(1);
        assertThat(forBob.drift()).extracting(SpecDrift::code).containsExactly(Code.UNLINKED_CHECKBOX);
        assertThat(forBob.drift().get(0).line()).isEqualTo(1);
    }

    @Test
    void theLimitCutsTheListButNotTheCountAndBadRootsAreRefused() throws IOException {
        change("orphan", "- [ ] one\n- [ ] two\n- [ ] three\n");

        SpecSyncReport report = new SpecSync(claude, clock.instant()).status(repo.toString(), Duration.ofHours(1), 2);

        assertThat(report.driftCount()).isEqualTo(3);
        assertThat(report.drift()).hasSize(2);
        assertRefused(() -> new SpecSync(claude, clock.instant()).status("relative/repo", Duration.ZERO, 1),
                ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> new SpecSync(claude, clock.instant()).status(repo.resolve("none").toString(),
                Duration.ZERO, 1), ErrorCode.NOT_FOUND, "repo_root");
        assertRefused(() -> new SpecSync(claude, clock.instant()).status(" ", Duration.ZERO, 1),
                ErrorCode.INVALID_ARGUMENT, "repo_root");
    }
}
