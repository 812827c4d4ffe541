package dev.colony.core.internal.plan;

import dev.colony.api.Actor;
import dev.colony.api.plan.ArchiveReport;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.AuditLog;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.StorageTransaction;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Archives plans for one caller: decides, when a sub-task completes, whether its plan archives now, later or not at
 * all; finds the plans whose grace period ran out and archives them by compare-and-set; and leaves the archive
 * record on each plan's own thread.
 */
final class PlanArchiver {

    private final Actor actor;
    private final Kernel kernel;

    PlanArchiver(Actor actor, Kernel kernel) {
        this.actor = actor;
        this.kernel = kernel;
    }

    /** What completing a sub-task means for the plan's archive, written in the same transaction. */
    ArchiveReport afterCompletion(CallerTransaction tx, StoredPlan plan, Plan current, Instant now) {
        if (!plan.autoArchive()) {
            return new ArchiveReport(ArchiveReport.Status.SKIPPED, "auto_archive is off for this plan");
        }
        List<Integer> blocked = current.subtasks().stream().filter(s -> s.status() == SubtaskStatus.BLOCKED)
                .map(Subtask::index).toList();
        if (!blocked.isEmpty()) {
            return new ArchiveReport(ArchiveReport.Status.BLOCKED, "blocked sub-tasks " + blocked
                    + " keep the plan from completing; reopen them with a fix or archive by hand");
        }
        if (!current.complete()) {
            long outstanding = current.subtasks().stream().filter(s -> s.status() != SubtaskStatus.COMPLETED).count();
            return new ArchiveReport(ArchiveReport.Status.SKIPPED, outstanding + " sub-task"
                    + (outstanding == 1 ? " is" : "s are") + " still outstanding");
        }
        Instant due = now.plus(plan.archiveGrace());
        if (plan.archiveGrace().isZero()) {
            archive(tx, tx.plans().update(plan.archiving(PlanStatus.ARCHIVED, due, now, now)).orElseThrow(() ->
                    PlanErrors.changed(plan, -1)), now);
            return new ArchiveReport(ArchiveReport.Status.ARCHIVED, null);
        }
        tx.plans().update(plan.archiving(PlanStatus.OPEN, due, null, now)).orElseThrow(() -> PlanErrors.changed(plan,
                -1));
        return new ArchiveReport(ArchiveReport.Status.SKIPPED, "every sub-task is completed; the plan archives at "
                + due + ", after a grace period of " + plan.archiveGrace().toSeconds() + " s");
    }

    /** Archives every open plan the caller may read whose grace period has run out. */
    void archiveDue() {
        Instant now = kernel.time().now();
        archive(kernel.store(actor.user()).read(tx -> archiveDue(tx, now)), now);
    }

    /**
     * The open plans the caller may read whose grace period has run out at {@code now}, as read in {@code tx}: what
     * {@link #archive(List, Instant)} archives before the ready queue is read.
     */
    List<StoredPlan> archiveDue(CallerTransaction tx, Instant now) {
        return tx.plans().list(tx.readable(), null, false, PlanService.LIST_SCAN).stream()
                .filter(plan -> plan.archiveDueAt() != null && !now.isBefore(plan.archiveDueAt())).toList();
    }

    /** Archives {@code due} (see {@link #archiveDue(StorageTransaction, Instant)}), each by compare-and-set. */
    void archive(List<StoredPlan> due, Instant now) {
        if (due.isEmpty()) {
            return;
        }
        kernel.store(actor.user()).write(tx -> {
            for (StoredPlan plan : due) {
                Optional<StoredPlan> archived = tx.plans().update(plan.archiving(PlanStatus.ARCHIVED,
                        plan.archiveDueAt(), now, now));
                archived.ifPresent(done -> archive(tx, done, now));
            }
            return null;
        });
    }

    /** Records on the plan's own thread that it archived itself: its publisher's record, whoever's call did it. */
    private static void archive(CallerTransaction tx, StoredPlan plan, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("plan_slug", plan.slug());
        metadata.put("status", "archived");
        AuditLog.write(tx, plan.namespace(), plan.createdBy(), PlanService.PLAN_RECORD, "archived plan "
                + plan.slug() + ": every sub-task is completed", plan.specTask(), null, metadata, now);
    }
}
