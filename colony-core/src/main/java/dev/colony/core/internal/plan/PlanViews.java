package dev.colony.core.internal.plan;

import dev.colony.api.plan.Plan;
import dev.colony.api.plan.Subtask;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import java.util.List;

/** Plans and sub-tasks as the API shows them, with the branch names their threads live on. */
public final class PlanViews {

    private PlanViews() {
    }

    /** The branch of a plan's own thread. */
    static String specBranch(String slug) {
        return "spec/" + slug;
    }

    /** The branch of a sub-task's thread. */
    static String subtaskBranch(String slug, int index) {
        return specBranch(slug) + "/sub-" + index;
    }

    /** The plan as the API shows it, with its sub-tasks. */
    public static Plan plan(StoredPlan plan, List<StoredSubtask> subtasks) {
        return new Plan(plan.slug(), plan.repoRoot(), plan.specTask(), plan.title(), plan.problem(), plan.acceptance(),
                plan.autoArchive(), plan.archiveGrace(), plan.status(), plan.createdAt(), plan.archiveDueAt(),
                subtasks.stream().map(subtask -> subtask(plan.slug(), subtask)).toList());
    }

    static Subtask subtask(String slug, StoredSubtask subtask) {
        return new Subtask(subtask.index(), subtask.title(), subtask.description(), subtask.fileScope(),
                subtask.dependsOn(), subtask.capabilityHint(), subtask.wave(), subtask.finalizer(), subtask.task(),
                subtaskBranch(slug, subtask.index()), subtask.status(), subtask.claimedBy(), subtask.claimedAgent(),
                subtask.claimedAt(), subtask.completedAt(), subtask.summary(), subtask.blockedReason(),
                subtask.updatedAt(), subtask.version(), subtask.specRowId());
    }

    /** The indices of {@code subtasks}, in their order. */
    static List<Integer> indices(List<Subtask> subtasks) {
        return subtasks.stream().map(Subtask::index).toList();
    }
}
