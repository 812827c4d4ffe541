package dev.colony.tool.plan;

import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_plan_publish}: publish a plan whose sub-tasks agents claim one by one. */
public final class PlanPublishTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The repository the plan changes.", required = true)
            @Size(max = 4_096) String repoRoot,
            @Param(value = "The plan's name, kebab-case.", required = true)
            @Size(max = PlanRegistry.MAX_SLUG_CHARS) String slug,
            @Param(value = "What the plan achieves.", required = true)
            @Size(max = PlanRegistry.MAX_TITLE_CHARS) String title,
            @Param("Why it is needed.")
            @Size(max = PlanRegistry.MAX_TEXT_CHARS) String problem,
            @Param("How to tell it is done.")
            @Size(max = PlanRegistry.MAX_CRITERIA) List<String> acceptanceCriteria,
            @Param(value = "The sub-tasks, in order.",
                    required = true)
            @Size(min = PlanRegistry.MIN_SUBTASKS, max = PlanRegistry.MAX_SUBTASKS) List<PlanArgs.SubtaskArg> subtasks,
            @Param("Archive once every sub-task is completed.")
            Boolean autoArchive,
            @Param("Seconds a completed plan stays open first.")
            @Range(min = 0, max = 86_400) Integer archiveGraceSeconds) {
    }

    /**
     * The published plan.
     *
     * @param planSlug its slug
     * @param specTaskId its own thread (branch spec/slug)
     * @param subtasks its sub-tasks with their threads
     * @param nextAvailable what may be claimed now
     * @param next what to do next
     */
    public record Result(String planSlug, long specTaskId, List<Published> subtasks, List<Integer> nextAvailable,
            String next) {
    }

    /**
     * One published sub-task.
     *
     * @param subtaskIndex its index
     * @param branch its thread's branch
     * @param taskId its thread
     * @param title its title
     * @param wave its wave
     */
    public record Published(int subtaskIndex, String branch, long taskId, String title, int wave) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_plan_publish", "Publish a plan",
            "Publish a plan of sub-tasks, each with a thread on spec/<slug>/sub-<N>; claims nothing. "
                    + "Sub-tasks that share a file must be ordered by depends_on.",
            Args.class, Result.class, (context, args) -> {
                Plan plan = context.scope().plans().publish(PlanArgs.draft(
                        args.repoRoot(), args.slug(), args.title(), args.problem(), args.acceptanceCriteria(),
                        args.subtasks(), args.autoArchive(), args.archiveGraceSeconds()));
                return new Result(plan.slug(), plan.specTask().value(), plan.subtasks().stream()
                        .map(s -> new Published(s.index(), s.branch(), s.task().value(), s.title(), s.wave()))
                        .toList(), plan.nextAvailable().stream().map(s -> s.index()).toList(),
                        "Agents pick sub-tasks with task_ready_for_agent (or task_plan_list and task_plan_claim_subtask).");
            });

    private PlanPublishTool() {
    }
}
