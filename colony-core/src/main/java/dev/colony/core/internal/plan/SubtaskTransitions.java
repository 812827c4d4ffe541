package dev.colony.core.internal.plan;

import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import static dev.colony.api.plan.PlanRegistry.MAX_TEXT_CHARS;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.plan.ArchiveReport;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.api.plan.SubtaskCompletion;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state machine of a plan's sub-tasks for one caller: claiming, completing, blocking and reopening, each one
 * write transaction that changes the sub-task by compare-and-set on its version, takes or releases its file claims
 * through the {@link ClaimLedger}, and records the change on the sub-task's thread.
 */
final class SubtaskTransitions {

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;
    private final PlanReader reader;
    private final PlanArchiver archiver;

    SubtaskTransitions(Actor actor, Kernel kernel, ThreadCaller thread, AuditTrail audit, ClaimLedger ledger,
            PlanReader reader, PlanArchiver archiver) {
        this.actor = actor;
        this.kernel = kernel;
        this.store = kernel.store(actor.user());
        this.thread = thread;
        this.audit = audit;
        this.ledger = ledger;
        this.reader = reader;
        this.archiver = archiver;
    }

    SubtaskClaim claim(PlanRef ref, int index) {
        Check.required("plan", ref);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            // The hot path reads the one sub-task and its dependencies' statuses; whole rows of every sub-task
            // only when a refusal lists what is claimable instead.
            thread.enter(tx, now);
            StoredPlan plan = reader.resolve(tx, ref);
            StoredSubtask subtask = tx.plans().subtask(plan.id(), index).orElseThrow(() -> PlanErrors.subtaskNotFound(
                    plan, tx.plans().statuses(plan.id()).size(), index));
            tx.requireWritable("plan_slug", plan.namespace());
            if (subtask.status() != SubtaskStatus.AVAILABLE) {
                throw PlanErrors.notAvailable(PlanViews.plan(plan, PlanReader.subtasksOf(tx, plan)), subtask);
            }
            Map<Integer, SubtaskStatus> statuses = subtask.dependsOn().isEmpty() ? Map.of()
                    : tx.plans().statuses(plan.id());
            if (subtask.dependsOn().stream().anyMatch(d -> statuses.get(d) != SubtaskStatus.COMPLETED)) {
                Plan view = PlanViews.plan(plan, PlanReader.subtasksOf(tx, plan));
                List<Integer> unmet = view.unmetDependencies(index);
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("unmet", unmet);
                details.put("blocked_by", view.blockedBy(index));
                details.put("next_available", PlanViews.indices(view.nextAvailable()));
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_DEPS_UNMET, "subtask_index", plan.slug() + "/sub-"
                        + index + " waits for " + unmet + " to be completed", details);
            }
            StoredSubtask claimed = tx.plans().update(subtask.claimed(actor.session(), actor.agent(), now))
                    .orElseThrow(() -> PlanErrors.notAvailable(PlanViews.plan(plan, PlanReader.subtasksOf(tx, plan)),
                            subtask));
            StoredTask thread = this.thread.join(tx, PlanReader.thread(tx, plan, claimed), now);
            for (String file : claimed.fileScope()) {
                ledger.claim(tx, thread, file, "plan " + plan.slug() + "/sub-" + index, now);
            }
            record(tx, audit, thread, plan, claimed, "claimed", null, now);
            return new SubtaskClaim(plan.slug(), index, thread.id(), PlanViews.subtaskBranch(plan.slug(), index),
                    claimed.fileScope());
        });
    }

    SubtaskCompletion complete(PlanRef ref, int index, String summary) {
        Check.required("plan", ref);
        String text = Check.optionalText("summary", summary, MAX_TEXT_CHARS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            List<StoredSubtask> before = target.subtasks();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() != SubtaskStatus.CLAIMED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_CLAIMED, "subtask_index", plan.slug() + "/sub-"
                        + index + " is " + subtask.status().wireName() + ", not claimed: claim it first");
            }
            requireClaimer(plan, subtask);
            StoredSubtask completed = tx.plans().update(subtask.completed(text, now)).orElseThrow(() ->
                    PlanErrors.changed(plan, index));
            StoredTask thread = PlanReader.thread(tx, plan, completed);
            release(tx, ledger, completed, now);
            record(tx, audit, thread, plan, completed, "completed", text, now);
            Plan previous = PlanViews.plan(plan, before);
            List<StoredSubtask> after = PlanReader.subtasksOf(tx, plan);
            Plan current = PlanViews.plan(plan, after);
            List<Integer> unlocked = new ArrayList<>(PlanViews.indices(current.nextAvailable()));
            unlocked.removeAll(PlanViews.indices(previous.nextAvailable()));
            ArchiveReport report = archiver.afterCompletion(tx, plan, current, now);
            return new SubtaskCompletion(PlanViews.subtask(plan.slug(), completed), unlocked, report);
        });
    }

    Subtask block(PlanRef ref, int index, String reason) {
        Check.required("plan", ref);
        String why = Check.text("reason", reason, MAX_TEXT_CHARS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() == SubtaskStatus.COMPLETED || subtask.status() == SubtaskStatus.BLOCKED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug()
                        + "/sub-" + index + " is " + subtask.status().wireName() + " and cannot be blocked");
            }
            tx.requireWritable("plan_slug", plan.namespace());
            StoredSubtask blocked = tx.plans().update(subtask.blocked(why, now)).orElseThrow(() ->
                    PlanErrors.changed(plan, index));
            if (subtask.claimedBy() != null) {
                release(tx, ledger, subtask, now);
            }
            StoredTask thread = PlanReader.thread(tx, plan, blocked);
            record(tx, audit, thread, plan, blocked, "blocked", why, now);
            return PlanViews.subtask(plan.slug(), blocked);
        });
    }

    Subtask reopen(PlanRef ref, int index) {
        Check.required("plan", ref);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() != SubtaskStatus.BLOCKED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug()
                        + "/sub-" + index + " is " + subtask.status().wireName() + ", not blocked");
            }
            tx.requireWritable("plan_slug", plan.namespace());
            StoredSubtask reopened = tx.plans().update(subtask.reopened(now)).orElseThrow(() ->
                    PlanErrors.changed(plan, index));
            StoredTask thread = PlanReader.thread(tx, plan, reopened);
            record(tx, audit, thread, plan, reopened, "available", null, now);
            return PlanViews.subtask(plan.slug(), reopened);
        });
    }

    /**
     * Puts a sub-task whose claimer is gone back to available, by compare-and-set: the claimer's files there
     * released and the release recorded on its thread, with {@code note}.
     *
     * @return whether this call reopened it (false when another change came first)
     */
    static boolean reopenAbandoned(CallerTransaction tx, ClaimLedger ledger, AuditTrail audit, StoredPlan plan,
            StoredSubtask subtask, String note, Instant now) {
        Optional<StoredSubtask> reopened = tx.plans().update(subtask.reopened(now));
        if (reopened.isEmpty()) {
            return false;
        }
        release(tx, ledger, subtask, now);
        record(tx, audit, PlanReader.thread(tx, plan, subtask), plan, reopened.get(), "available", note, now);
        return true;
    }

    private void requireClaimer(StoredPlan plan, StoredSubtask subtask) {
        if (!actor.session().equals(subtask.claimedBy())) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("claimed_by", subtask.claimedBy().value());
            details.put("claimed_agent", subtask.claimedAgent());
            throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_YOURS, "subtask_index", plan.slug() + "/sub-"
                    + subtask.index() + " is held by session " + subtask.claimedBy() + " (" + subtask.claimedAgent()
                    + ")", details);
        }
    }

    /** Releases the file claims the sub-task's claimer holds on its thread. */
    private static void release(CallerTransaction tx, ClaimLedger ledger, StoredSubtask subtask, Instant now) {
        for (String file : subtask.fileScope()) {
            Optional<StoredClaim> claim = tx.claims().find(subtask.task(), file);
            if (claim.isPresent() && claim.get().session().equals(subtask.claimedBy())
                    && claim.get().state() != ClaimState.RELEASED) {
                ledger.change(tx, claim.get().inState(ClaimState.RELEASED, null, claim.get().baton()), now);
            }
        }
    }

    /** The audit memory of a sub-task's change, on its thread. */
    private static void record(CallerTransaction tx, AuditTrail audit, StoredTask thread, StoredPlan plan,
            StoredSubtask subtask, String status, String note, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("plan_slug", plan.slug());
        metadata.put("subtask_index", subtask.index());
        metadata.put("status", status);
        audit.record(tx, thread, PlanService.SUBTASK_RECORD, status + " " + plan.slug() + "/sub-" + subtask.index()
                + ": " + subtask.title() + (note == null ? "" : " -- " + note), null, metadata, now);
    }

    /**
     * The first step of every change to one sub-task: the caller's session checked and touched, then the plan
     * and its sub-tasks read.
     */
    private Target enter(CallerTransaction tx, PlanRef ref, int index, Instant now) {
        thread.enter(tx, now);
        StoredPlan plan = reader.resolve(tx, ref);
        List<StoredSubtask> subtasks = PlanReader.subtasksOf(tx, plan);
        return new Target(plan, subtasks, PlanReader.subtask(subtasks, plan, index));
    }

    /** A sub-task about to change, with its plan and all the plan's sub-tasks as read. */
    private record Target(StoredPlan plan, List<StoredSubtask> subtasks, StoredSubtask subtask) {
    }
}
