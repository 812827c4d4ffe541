package dev.colony.tool.plan;

import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.PlanValidation;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_plan_validate}: check a plan before publishing it; nothing is written. */
public final class PlanValidateTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The repository the plan changes.", required = true)
            @Size(max = 4_096) String repoRoot,
            @Param(value = "The sub-tasks, in order.", required = true)
            @Size(min = PlanRegistry.MIN_SUBTASKS, max = PlanRegistry.MAX_SUBTASKS) List<PlanArgs.SubtaskArg> subtasks) {
    }

    /**
     * What the check found.
     *
     * @param pairwiseOverlaps sub-task pairs sharing files (sequenced: a dependency chain orders them)
     * @param liveClaimCollisions files of the plan another session holds now
     * @param moduleWarnings directories shared by sub-tasks that may run side by side
     * @param orderedWaveErrors what publishing would refuse, each with its error code
     * @param waves the wave of each sub-task
     * @param summary one line
     * @param partitionClean whether it can be published and worked on side by side as it is
     */
    public record Result(List<PlanValidation.ScopeOverlap> pairwiseOverlaps,
            List<PlanViewsJson.Collision> liveClaimCollisions, List<String> moduleWarnings,
            List<PlanValidation.WaveError> orderedWaveErrors, List<Integer> waves, String summary,
            boolean partitionClean) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_plan_validate", "Check a plan",
            "Check a plan without publishing it (subtasks as in task_plan_publish): overlapping files, files "
                    + "others hold, dependency and wave errors, closing work not last.",
            Args.class, Result.class, (context, args) -> {
                PlanValidation report = context.scope().plans().validate(PlanArgs.draft(args.repoRoot(),
                        "validation", "validation", null, null, args.subtasks(), false, null));
                return new Result(report.pairwiseOverlaps(), report.liveClaimCollisions().stream()
                        .map(PlanViewsJson.Collision::of).toList(), report.moduleWarnings(),
                        report.orderedWaveErrors(), report.waves(), report.summary(), report.partitionClean());
            }).publishing(ArgumentSchema.of(Args.class).withEntriesDeclaredElsewhere("subtasks"));

    private PlanValidateTool() {
    }
}
