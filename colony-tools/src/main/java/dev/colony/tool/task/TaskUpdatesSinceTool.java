package dev.colony.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.time.Instant;
import java.util.List;

/** {@code task_updates_since}: what other sessions posted on a thread after a time. */
public final class TaskUpdatesSinceTool {

    /** The default number of entries. */
    static final int DEFAULT_LIMIT = 50;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "Only posts after this time.", required = true)
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) long sinceTs,
            @Param(defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = TaskLimits.MAX_TIMELINE_LIMIT) int limit) {
    }

    /** The entries, oldest first. */
    public record Result(List<TaskViews.Update> entries) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_updates_since",
            "What changed on a thread",
            "What others posted on a thread after since_ts, oldest first, yours left out; the last ts is the "
                    + "next since_ts.",
            Args.class, Result.class, (context, args) -> new Result(TaskViews.Update.all(
                    context.scope().tasks().updatesSince(
                            ToolArguments.task(args.taskId()), Instant.ofEpochMilli(args.sinceTs()), args.limit()))));

    private TaskUpdatesSinceTool() {
    }
}
