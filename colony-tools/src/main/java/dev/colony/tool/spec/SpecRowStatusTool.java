package dev.colony.tool.spec;

import dev.colony.api.plan.SpecRowBinding;
import dev.colony.api.spec.SpecRow;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code task_plan_status_for_spec_row}: which open plan sub-task, if any, carries out a spec row. */
public final class SpecRowStatusTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The row id (T5).", required = true)
            @Size(max = SpecRow.MAX_ID_CHARS) String specRowId) {
    }

    /**
     * The sub-task bound to the row.
     *
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param taskId its thread
     * @param branch its branch
     * @param claimedBySessionId who works on it (or completed it)
     * @param claimedByAgent that session's agent
     */
    public record Binding(String planSlug, int subtaskIndex, long taskId, String branch,
            @Nullable String claimedBySessionId, @Nullable String claimedByAgent) {

        static Binding of(SpecRowBinding binding) {
            return new Binding(binding.planSlug(), binding.subtaskIndex(), binding.task().value(), binding.branch(),
                    binding.claimedBy() == null ? null : binding.claimedBy().value(), binding.claimedByAgent());
        }
    }

    /**
     * The answer.
     *
     * @param specRowId the row
     * @param status the bound sub-task's status, or null when no open plan binds the row
     * @param binding the bound sub-task, or null
     */
    public record Result(String specRowId, @Nullable String status, @Nullable Binding binding) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_plan_status_for_spec_row",
            "Plan of a spec row",
            "Before planning a SPEC.md row: the open plan sub-task that carries it out (spec_row_id), or null.",
            Args.class, Result.class, (context, args) -> context.scope().plans()
                    .bindingOf(args.repoRoot(), args.specRowId())
                    .map(bound -> new Result(bound.specRowId(), bound.status().wireName(), Binding.of(bound)))
                    .orElseGet(() -> new Result(args.specRowId().strip(), null, null)));

    private SpecRowStatusTool() {
    }
}
