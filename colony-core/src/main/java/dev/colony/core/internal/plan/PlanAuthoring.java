package dev.colony.core.internal.plan;

import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import static dev.colony.api.plan.PlanRegistry.MAX_FILE_SCOPE;
import static dev.colony.api.plan.PlanRegistry.MAX_SLUG_CHARS;
import static dev.colony.api.plan.PlanRegistry.MAX_SUBTASKS;
import static dev.colony.api.plan.PlanRegistry.MAX_TITLE_CHARS;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanValidation.ClaimCollision;
import dev.colony.api.plan.PlanValidation.WaveError;
import dev.colony.api.plan.PlanValidation;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.PlanRecords.Binding;
import dev.colony.spi.storage.PlanRecords.NewPlan;
import dev.colony.spi.storage.PlanRecords.NewSubtask;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Authors plans for one caller: checks a draft against its shape and the files other sessions hold, turns a goal
 * into a draft with a free slug, and publishes a plan with a thread for it and one for each sub-task, in one write
 * transaction that leaves the publication on the plan's own thread.
 */
final class PlanAuthoring {

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    PlanAuthoring(Actor actor, Kernel kernel, ThreadCaller thread, AuditTrail audit, ClaimLedger ledger) {
        this.actor = actor;
        this.kernel = kernel;
        this.store = kernel.store(actor.user());
        this.thread = thread;
        this.audit = audit;
        this.ledger = ledger;
    }

    PlanValidation validate(PlanDraft draft) {
        PlanDraft plan = PlanDraftCheck.normalise(draft);
        PlanShape shape = PlanShape.of(plan.subtasks());
        Instant now = kernel.time().now();
        List<ClaimCollision> collisions = store.read(tx -> collisions(tx, plan, now));
        boolean unsequenced = shape.overlaps().stream().anyMatch(overlap -> !overlap.sequenced());
        boolean clean = shape.errors().isEmpty() && !unsequenced && collisions.isEmpty();
        String summary = clean ? "clean: " + plan.subtasks().size() + " sub-tasks in " + waveCount(shape)
                + " waves" : problems(shape.errors(), collisions);
        return new PlanValidation(shape.overlaps(), collisions, shape.moduleWarnings(), shape.errors(), shape.waves(),
                clean, summary);
    }

    private static int waveCount(PlanShape shape) {
        return shape.waves().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    }

    private static String problems(List<WaveError> errors, List<ClaimCollision> collisions) {
        List<String> parts = new ArrayList<>();
        if (!errors.isEmpty()) {
            parts.add(errors.size() + " error" + (errors.size() == 1 ? "" : "s") + ", first: " + errors.get(0)
                    .message());
        }
        if (!collisions.isEmpty()) {
            ClaimCollision first = collisions.get(0);
            parts.add(collisions.size() + " file" + (collisions.size() == 1 ? " is" : "s are") + " claimed by other "
                    + "sessions, first: " + first.file() + " by " + first.agent());
        }
        return "not clean: " + String.join("; ", parts);
    }

    PlanDraft decompose(Goal goal) {
        Check.required("goal", goal);
        String repoRoot = RepoRoots.normalise("repo_root", goal.repoRoot());
        String title = Check.text("goal_title", goal.title(), MAX_TITLE_CHARS);
        String finalizer = Check.optionalText("finalizer", goal.finalizer(), MAX_TITLE_CHARS - 10);
        if (goal.affectedFiles().size() > MAX_SUBTASKS * MAX_FILE_SCOPE) {
            throw ColonyException.invalid("affected_files", "at most " + MAX_SUBTASKS * MAX_FILE_SCOPE
                    + " files, was " + goal.affectedFiles().size());
        }
        List<String> files = new ArrayList<>();
        for (int i = 0; i < goal.affectedFiles().size(); i++) {
            files.add(ClaimPaths.normalise("affected_files[" + i + "]", repoRoot, goal.affectedFiles().get(i)));
        }
        String base = GoalPlanner.slugOf(title, MAX_SLUG_CHARS - 4);
        String slug = store.read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            String free = base;
            for (int n = 2; !tx.plans().findBySlug(readable, repoRoot, free).isEmpty(); n++) {
                free = base + "-" + n;
            }
            return free;
        });
        return PlanDraftCheck.normalise(GoalPlanner.decompose(new Goal(repoRoot, title, goal.problem(),
                goal.acceptanceCriteria(), files, goal.ordering(), finalizer), slug));
    }

    Plan publish(PlanDraft draft) {
        PlanDraft plan = PlanDraftCheck.normalise(draft);
        PlanShape shape = PlanShape.of(plan.subtasks());
        if (!shape.errors().isEmpty()) {
            WaveError first = shape.errors().get(0);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("subtask_index", first.subtask());
            details.put("errors", shape.errors().stream().map(WaveError::message).toList());
            throw ColonyException.about(ErrorCode.valueOf(first.code()), "subtasks", first.message(), details);
        }
        Instant now = kernel.time().now();
        return store.write(tx -> {
            thread.enter(tx, now);
            NamespaceId namespace = tx.writable();
            if (!tx.plans().findBySlug(List.of(namespace), plan.repoRoot(), plan.slug()).isEmpty()) {
                throw ColonyException.about(ErrorCode.DUPLICATE, "slug", "a plan named " + plan.slug()
                        + " exists in " + plan.repoRoot() + "; choose another slug");
            }
            requireUnbound(tx, plan);
            StoredTask spec = thread(tx, namespace, plan.repoRoot(), PlanViews.specBranch(plan.slug()), plan.title(),
                    now);
            List<NewSubtask> subtasks = new ArrayList<>();
            for (int i = 0; i < plan.subtasks().size(); i++) {
                SubtaskDraft subtask = plan.subtasks().get(i);
                StoredTask thread = thread(tx, namespace, plan.repoRoot(), PlanViews.subtaskBranch(plan.slug(), i),
                        subtask.title(), now);
                subtasks.add(new NewSubtask(i, subtask.title(), subtask.description(), subtask.fileScope(),
                        List.copyOf(new LinkedHashSet<>(subtask.dependsOn())), subtask.capabilityHint(),
                        shape.waves().get(i), PlanShape.finalizer(subtask), thread.id(), subtask.specRowId()));
            }
            StoredPlan stored = tx.plans().insert(new NewPlan(namespace, plan.repoRoot(), plan.slug(), plan.title(),
                    plan.problem(), plan.acceptanceCriteria(), plan.autoArchive(), plan.archiveGrace(), spec.id(),
                    actor.session(), now),
                    subtasks).orElseThrow(() -> ColonyException.about(ErrorCode.DUPLICATE, "slug", "a plan named "
                            + plan.slug() + " exists in " + plan.repoRoot()));
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("plan_slug", plan.slug());
            metadata.put("subtasks", subtasks.size());
            audit.record(tx, spec, PlanService.PLAN_RECORD, "published plan " + plan.slug() + ": " + plan.title()
                    + " (" + subtasks.size() + " sub-tasks in " + waveCount(shape) + " waves)", null, metadata, now);
            return PlanViews.plan(stored, tx.plans().subtasks(List.of(stored.id())).get(stored.id()));
        });
    }

    /**
     * Refuses a plan that binds a spec row an open plan the caller may read already carries out: the row would be
     * worked twice. The writer lock of the transaction keeps two publications from both passing.
     */
    private static void requireUnbound(CallerTransaction tx, PlanDraft plan) {
        for (int i = 0; i < plan.subtasks().size(); i++) {
            String row = plan.subtasks().get(i).specRowId();
            if (row == null) {
                continue;
            }
            List<Binding> bound = tx.plans().boundTo(tx.readable(), plan.repoRoot(), row);
            if (!bound.isEmpty()) {
                Binding first = bound.get(0);
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("plan_slug", first.plan().slug());
                details.put("subtask_index", first.subtask().index());
                throw ColonyException.about(ErrorCode.CONFLICT, "subtasks[" + i + "].spec_row_id", "spec row " + row
                        + " is carried out by sub-task " + first.subtask().index() + " of plan " + first.plan().slug()
                        + " (task_plan_status_for_spec_row shows it); bind another row or none", details);
            }
        }
    }

    /** The thread on {@code branch}: the one that exists, or a new one (the publisher does not join it). */
    private StoredTask thread(CallerTransaction tx, NamespaceId namespace, String repoRoot, String branch,
            String title, Instant now) {
        return tx.tasks().findByRepoBranch(namespace, repoRoot, branch)
                .orElseGet(() -> tx.tasks().insert(namespace, title, repoRoot, branch, actor.session(), now));
    }

    /** Files of the plan that sessions other than the caller's hold by a live, fresh claim in its repository. */
    private List<ClaimCollision> collisions(CallerTransaction tx, PlanDraft plan, Instant now) {
        ClaimedFiles claimed = ClaimedFiles.read(tx, tx.readable(), ledger, actor.session(), now,
                null);
        List<ClaimCollision> collisions = new ArrayList<>();
        for (int i = 0; i < plan.subtasks().size(); i++) {
            for (String file : plan.subtasks().get(i).fileScope()) {
                for (StoredClaim claim : claimed.heldByOthers(plan.repoRoot(), file)) {
                    collisions.add(new ClaimCollision(i, file, claim.task(), claim.session(), claim.agent()));
                }
            }
        }
        return collisions;
    }
}
