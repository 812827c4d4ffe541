package dev.colony.tool.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.run.Run;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.ToolSpec;

/** {@code take_task}: take a run addressed to the caller's agent, to execute it. */
public final class TakeTaskTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) String taskId) {
    }

    /**
     * The run taken.
     *
     * @param taskId its id
     * @param status in_progress
     * @param message the job
     * @param parentId the run it serves, if any
     * @param timeoutSeconds how long it may be in progress
     * @param next what to do next
     */
    public record Result(String taskId, String status, String message,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String parentId, long timeoutSeconds,
            String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("take_task", "Take a run",
            "Take a run for your agent and execute it; report with finish_task.",
            Args.class, Result.class, (context, args) -> {
                Run run = context.scope().runs().take(RunArgs.id("task_id", args.taskId()));
                return new Result(run.id().value(), run.status().wireName(), run.message(), run.parent() == null
                        ? null : run.parent().value(), run.timeout().toSeconds(),
                        "Do the job, then finish_task with task_id and result (or error).");
            });

    private TakeTaskTool() {
    }
}
