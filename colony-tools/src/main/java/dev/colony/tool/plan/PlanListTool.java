package dev.colony.tool.plan;

import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_plan_list}: the plans, newest first, with what may be claimed now. */
public final class PlanListTool {

    /** The arguments. */
    public record Args(
            @Param
            @Size(max = 4_096) String repoRoot,
            @Param("Only plans with a claimable sub-task.")
            Boolean onlyWithAvailableSubtasks,
            @Param("Only plans with a claimable sub-task of this hint.")
            @Size(max = 40) String capabilityMatch,
            @Param("true: archived plans too.")
            Boolean includeArchived,
            @Param("true: every sub-task in full.")
            Boolean includeSubtasks,
            @Param("The most plans; " + PlanRegistry.DEFAULT_LIST_LIMIT + " by default.")
            @Range(min = 1, max = PlanRegistry.MAX_LIST_LIMIT) Integer limit) {
    }

    /**
     * The plans.
     *
     * @param plans newest first
     * @param next what to do next
     */
    public record Result(List<PlanViewsJson.PlanRow> plans, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_plan_list", "List plans",
            "Published plans, newest first: sub-task counts by status, what is claimable now, blocked chains.",
            Args.class, Result.class, (context, args) -> {
                PlanListQuery query = new PlanListQuery(args.repoRoot(),
                        Boolean.TRUE.equals(args.onlyWithAvailableSubtasks()), args.capabilityMatch(),
                        Boolean.TRUE.equals(args.includeArchived()),
                        args.limit() == null ? PlanRegistry.DEFAULT_LIST_LIMIT : args.limit());
                List<Plan> plans = context.scope().plans().list(query);
                boolean full = Boolean.TRUE.equals(args.includeSubtasks());
                boolean claimable = plans.stream().anyMatch(plan -> !plan.nextAvailable().isEmpty());
                return new Result(plans.stream().map(plan -> PlanViewsJson.PlanRow.of(plan, full)).toList(),
                        plans.isEmpty() ? "No plans. Publish one with task_plan_publish."
                                : claimable ? "Claim one of next_available with task_plan_claim_subtask."
                                        : "Nothing is claimable now: wait for claimed work to complete, or reopen "
                                                + "blocked sub-tasks.");
            });

    private PlanListTool() {
    }
}
