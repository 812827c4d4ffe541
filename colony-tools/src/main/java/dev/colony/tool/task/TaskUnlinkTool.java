package dev.colony.tool.task;

import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_unlink}: remove the link between two threads. */
public final class TaskUnlinkTool {

    /** The arguments. */
    public record Args(
            @Param(value = "One thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "The other thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long otherTaskId) {
    }

    /** Whether a link was removed. */
    public record Result(boolean removed) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_unlink", "Unlink task threads",
            "Remove the link between two threads; removed says whether there was one.",
            Args.class, Result.class, (context, args) -> new Result(context.scope().tasks().unlink(
                    ToolArguments.task(args.taskId()), ToolArguments.task(args.otherTaskId())))).asIdempotent();

    private TaskUnlinkTool() {
    }
}
