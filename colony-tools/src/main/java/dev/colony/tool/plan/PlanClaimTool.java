package dev.colony.tool.plan;

import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_plan_claim_subtask}: take one sub-task of a plan, with its thread and files. */
public final class PlanClaimTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = PlanRegistry.MAX_SLUG_CHARS) String planSlug,
            @Param(required = true)
            @Range(min = 0, max = PlanRegistry.MAX_SUBTASKS) Integer subtaskIndex,
            @Param
            @Size(max = 4_096) String repoRoot,
            @Param("Ignored: the sub-task's own scope is claimed.")
            @Size(max = PlanRegistry.MAX_FILE_SCOPE) List<String> fileScope) {
    }

    /**
     * The claimed sub-task.
     *
     * @param planSlug the plan
     * @param subtaskIndex the sub-task
     * @param taskId its thread, now joined
     * @param branch the thread's branch
     * @param fileScope the files now claimed
     * @param next what to do next
     */
    public record Result(String planSlug, int subtaskIndex, long taskId, String branch, List<String> fileScope,
            String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_plan_claim_subtask",
            "Claim a plan sub-task",
            "Take an available sub-task: join its thread and claim its files in one step; of two claimants "
                    + "one wins.",
            Args.class, Result.class, (context, args) -> {
                SubtaskClaim claim = context.scope().plans().claim(
                        new PlanRef(args.repoRoot(), args.planSlug()), args.subtaskIndex());
                return new Result(claim.planSlug(), claim.subtaskIndex(), claim.task().value(), claim.branch(),
                        claim.fileScope(), "Work on branch " + claim.branch() + "; when done, call "
                                + "task_plan_complete_subtask with a summary.");
            });

    private PlanClaimTool() {
    }
}
