package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.Subtask;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/**
 * {@code task_plan_block_subtask}: stop a sub-task that failed or was abandoned, with a reason, or reopen it.
 * The plan documents name no such tool; it exists so that dependents never wait silently forever.
 */
public final class PlanBlockTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = PlanRegistry.MAX_SLUG_CHARS) String planSlug,
            @Param(required = true)
            @Range(min = 0, max = PlanRegistry.MAX_SUBTASKS) Integer subtaskIndex,
            @Param("Why it cannot go on (to block).")
            @Size(max = PlanRegistry.MAX_TEXT_CHARS) String reason,
            @Param("Make a blocked sub-task available again.")
            Boolean reopen,
            @Param
            @Size(max = 4_096) String repoRoot) {
    }

    /**
     * The sub-task afterwards.
     *
     * @param planSlug the plan
     * @param subtaskIndex the sub-task
     * @param status blocked or available
     * @param blockedReason why it is blocked
     */
    public record Result(String planSlug, int subtaskIndex, String status,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String blockedReason) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_plan_block_subtask",
            "Block or reopen a plan sub-task",
            "Block a failed or abandoned sub-task with a reason (its claims are released), or reopen it.",
            Args.class, Result.class, (context, args) -> {
                PlanRef plan = new PlanRef(args.repoRoot(), args.planSlug());
                PlanRegistry plans = context.scope().plans();
                Subtask subtask = Boolean.TRUE.equals(args.reopen()) ? plans.reopen(plan, args.subtaskIndex())
                        : plans.block(plan, args.subtaskIndex(), args.reason());
                return new Result(args.planSlug(), subtask.index(), subtask.status().wireName(),
                        subtask.blockedReason());
            });

    private PlanBlockTool() {
    }
}
