package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.CallerScope;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.PlanValidation;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.tool.Choices;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * {@code queen_plan_goal}: a goal split into a plan by fixed rules (no model call), shown with its validation
 * on a dry run, else published like {@code task_plan_publish} with auto-archive.
 */
public final class QueenPlanGoalTool {

    /** The orderings, by wire name. */
    public static final class Orderings implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return List.of("wave", "serial");
        }
    }

    /** The arguments. */
    public record Args(
            @Param(value = "What the goal achieves; names the plan.", required = true)
            @Size(max = PlanRegistry.MAX_TITLE_CHARS) String goalTitle,
            @Param("Why it matters.") @Size(max = PlanRegistry.MAX_TEXT_CHARS) String problem,
            @Param("How to tell it is done.")
            @Size(max = PlanRegistry.MAX_CRITERIA) List<String> acceptanceCriteria,
            @Param(required = true) @Size(max = 4_096) String repoRoot,
            @Param("The files it changes, relative to repo_root.")
            @Size(max = PlanRegistry.MAX_SUBTASKS * PlanRegistry.MAX_FILE_SCOPE) List<String> affectedFiles,
            @Param(value = "wave: side by side, then tests and docs; serial: a chain.",
                    defaultValue = "wave")
            @Choices(Orderings.class) String orderingHint,
            @Param("What the closing sub-task checks.")
            @Size(max = PlanRegistry.MAX_TITLE_CHARS - 10) String finalizer,
            @Param(value = "Only show the plan and its validation.",
                    defaultValue = "false")
            Boolean dryRun) {
    }

    /**
     * One sub-task of the plan.
     *
     * @param index its index
     * @param title what it achieves
     * @param fileScope its files
     * @param dependsOn what it waits for
     * @param capabilityHint its kind of work
     * @param wave its wave
     * @param finalizer whether it is the closing check
     */
    public record SubtaskView(int index, String title, List<String> fileScope, List<Integer> dependsOn,
            String capabilityHint, int wave, boolean finalizer) {
    }

    /**
     * The plan's check.
     *
     * @param partitionClean whether it can be worked on side by side as it is
     * @param summary one line
     * @param liveClaimCollisionCount files of the plan other sessions hold now
     */
    public record Validation(boolean partitionClean, String summary, int liveClaimCollisionCount) {
    }

    /**
     * The outcome.
     *
     * @param dryRun whether nothing was written
     * @param planSlug the plan's slug
     * @param specTaskId the plan's own thread, once published
     * @param mcpCapabilityMap the sub-task indices of each kind of work
     * @param subtasks the sub-tasks
     * @param planValidation the check
     * @param next what to do next
     */
    public record Result(boolean dryRun, String planSlug,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long specTaskId,
            Map<String, List<Integer>> mcpCapabilityMap, List<SubtaskView> subtasks, Validation planValidation,
            String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("queen_plan_goal", "Plan a goal",
            "Split a goal into a plan by fixed rules: files grouped by module into implementation, test and "
                    + "doc sub-tasks, a closing check last. dry_run only shows it.",
            Args.class, Result.class, (context, args) -> {
                CallerScope caller = context.scope();
                Goal.Ordering ordering = args.orderingHint() == null ? Goal.Ordering.WAVE
                        : Goal.Ordering.valueOf(args.orderingHint().toUpperCase(Locale.ROOT));
                PlanDraft draft = caller.plans().decompose(new Goal(args.repoRoot(), args.goalTitle(), args.problem(),
                        args.acceptanceCriteria(), args.affectedFiles(), ordering, args.finalizer()));
                PlanValidation validation = caller.plans().validate(draft);
                boolean dryRun = Boolean.TRUE.equals(args.dryRun());
                Long specTask = null;
                if (!dryRun) {
                    Plan plan = caller.plans().publish(draft);
                    specTask = plan.specTask().value();
                }
                Map<String, List<Integer>> capabilities = new TreeMap<>();
                List<SubtaskView> subtasks = new ArrayList<>();
                for (int i = 0; i < draft.subtasks().size(); i++) {
                    SubtaskDraft subtask = draft.subtasks().get(i);
                    capabilities.computeIfAbsent(subtask.capabilityHint(), hint -> new ArrayList<>()).add(i);
                    subtasks.add(new SubtaskView(i, subtask.title(), subtask.fileScope(), subtask.dependsOn(),
                            subtask.capabilityHint(), validation.waves().get(i), subtask.finalizer()));
                }
                return new Result(dryRun, draft.slug(), specTask, capabilities, subtasks, new Validation(
                        validation.partitionClean(), validation.summary(), validation.liveClaimCollisions().size()),
                        dryRun ? "Call again without dry_run to publish it." : "Published: agents take sub-tasks "
                                + "with task_ready_for_agent or task_plan_claim_subtask.");
            });

    private QueenPlanGoalTool() {
    }
}
