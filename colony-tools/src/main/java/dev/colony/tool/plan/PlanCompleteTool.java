package dev.colony.tool.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.SubtaskCompletion;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_plan_complete_subtask}: finish the caller's sub-task and release its files. */
public final class PlanCompleteTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = PlanRegistry.MAX_SLUG_CHARS) String planSlug,
            @Param(required = true)
            @Range(min = 0, max = PlanRegistry.MAX_SUBTASKS) Integer subtaskIndex,
            @Param("What you did, posted on its thread.")
            @Size(max = PlanRegistry.MAX_TEXT_CHARS) String summary,
            @Param
            @Size(max = 4_096) String repoRoot) {
    }

    /**
     * The completion.
     *
     * @param status completed
     * @param unlocked sub-tasks that became claimable
     * @param autoArchive what happened about archiving the plan: skipped, archived, blocked or error, and why
     */
    public record Result(String status, List<Integer> unlocked, Archive autoArchive) {
    }

    /**
     * What happened about archiving.
     *
     * @param status skipped, archived, blocked or error
     * @param reason why
     */
    public record Archive(String status, @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_plan_complete_subtask",
            "Complete a plan sub-task",
            "Complete your sub-task: its files are released and its dependents unlocked; auto_archive says "
                    + "what became of the plan.",
            Args.class, Result.class, (context, args) -> {
                SubtaskCompletion done = context.scope().plans().complete(
                        new PlanRef(args.repoRoot(), args.planSlug()), args.subtaskIndex(), args.summary());
                return new Result(done.subtask().status().wireName(), done.unlocked(), new Archive(
                        done.autoArchive().status().wireName(), done.autoArchive().reason()));
            });

    private PlanCompleteTool() {
    }
}
