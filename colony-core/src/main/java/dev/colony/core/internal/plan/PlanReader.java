package dev.colony.core.internal.plan;

import dev.colony.core.internal.access.CallerTransaction;
import static dev.colony.api.plan.PlanRegistry.MAX_LIST_LIMIT;
import static dev.colony.api.plan.PlanRegistry.MAX_SLUG_CHARS;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SpecRowBinding;
import dev.colony.api.plan.Subtask;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads plans in the namespaces one caller may read: the listing and one plan (each after archiving the plans due),
 * and the rows a change starts from (a plan named by its reference, its sub-tasks, a sub-task's thread).
 */
final class PlanReader {

    private final Actor actor;
    private final Kernel kernel;
    private final PlanArchiver archiver;

    PlanReader(Actor actor, Kernel kernel, PlanArchiver archiver) {
        this.actor = actor;
        this.kernel = kernel;
        this.archiver = archiver;
    }

    List<Plan> list(PlanListQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_LIST_LIMIT);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        String capability = query.capabilityMatch() == null ? null : PlanDraftCheck.capability("capability_match",
                query.capabilityMatch());
        boolean filtered = query.onlyWithAvailable() || capability != null;
        archiver.archiveDue();
        return kernel.store(actor.user()).read(tx -> {
            Set<NamespaceId> readable = tx.readable();
            List<StoredPlan> plans = tx.plans().list(readable, repoRoot, query.includeArchived(),
                    filtered ? PlanService.LIST_SCAN : query.limit());
            Map<Long, List<StoredSubtask>> subtasks = tx.plans().subtasks(plans.stream().map(StoredPlan::id).toList());
            List<Plan> listed = new ArrayList<>();
            for (StoredPlan stored : plans) {
                Plan plan = PlanViews.plan(stored, subtasks.get(stored.id()));
                List<Subtask> ready = plan.nextAvailable();
                boolean keep = (!query.onlyWithAvailable() || !ready.isEmpty())
                        && (capability == null || ready.stream().anyMatch(s -> capability.equals(s.capabilityHint())));
                if (keep && listed.size() < query.limit()) {
                    listed.add(plan);
                }
            }
            return listed;
        });
    }

    Plan get(PlanRef ref) {
        Check.required("plan", ref);
        archiver.archiveDue();
        return kernel.store(actor.user()).read(tx -> {
            StoredPlan plan = resolve(tx, ref);
            return PlanViews.plan(plan, subtasksOf(tx, plan));
        });
    }

    Optional<SpecRowBinding> bindingOf(String repoRoot, String specRowId) {
        String repo = RepoRoots.normalise("repo_root", repoRoot);
        String row = PlanDraftCheck.specRowId("spec_row_id", specRowId);
        archiver.archiveDue();
        return kernel.store(actor.user()).read(tx -> tx.plans().boundTo(tx.readable(), repo, row).stream().findFirst()
                .map(bound -> {
                    StoredSubtask subtask = bound.subtask();
                    return new SpecRowBinding(bound.plan().slug(), subtask.index(), subtask.task(),
                            PlanViews.subtaskBranch(bound.plan().slug(), subtask.index()), row, subtask.status(),
                            subtask.claimedBy(), subtask.claimedAgent());
                }));
    }

    /** The plan {@code ref} names among those the caller may read, or a refusal naming the field to fix. */
    StoredPlan resolve(CallerTransaction tx, PlanRef ref) {
        String slug = Check.text("plan_slug", ref.slug(), MAX_SLUG_CHARS);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", ref.repoRoot());
        List<StoredPlan> found = tx.plans().findBySlug(tx.readable(), repoRoot, slug);
        if (found.isEmpty()) {
            throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_FOUND, "plan_slug", "no plan named " + slug
                    + (repoRoot == null ? "" : " in " + repoRoot));
        }
        if (found.size() > 1) {
            throw ColonyException.invalid("repo_root", "plans named " + slug + " exist in " + found.stream()
                    .map(StoredPlan::repoRoot).distinct().toList() + "; name the repository");
        }
        return found.get(0);
    }

    /** The thread of a sub-task of {@code plan}, which the caller may read since it may read the plan. */
    static StoredTask thread(CallerTransaction tx, StoredPlan plan, StoredSubtask subtask) {
        return tx.tasks().find(subtask.task()).orElseThrow(() -> new ColonyException(ErrorCode.INTERNAL, "the thread "
                + subtask.task() + " of " + plan.slug() + "/sub-" + subtask.index() + " is missing"));
    }

    static List<StoredSubtask> subtasksOf(CallerTransaction tx, StoredPlan plan) {
        return tx.plans().subtasks(List.of(plan.id())).get(plan.id());
    }

    static StoredSubtask subtask(List<StoredSubtask> subtasks, StoredPlan plan, int index) {
        if (index < 0 || index >= subtasks.size()) {
            throw PlanErrors.subtaskNotFound(plan, subtasks.size(), index);
        }
        return subtasks.get(index);
    }
}
