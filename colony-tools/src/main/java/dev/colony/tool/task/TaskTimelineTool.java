package dev.colony.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_timeline}: a thread's posts as compact entries, newest first. */
public final class TaskTimelineTool {

    /** The default number of entries. */
    static final int DEFAULT_LIMIT = 50;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = TaskLimits.MAX_TIMELINE_LIMIT) int limit) {
    }

    /** The entries, newest first. */
    public record Result(List<TaskViews.Entry> entries) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_timeline", "Walk a task thread",
            "A thread's posts, newest first, as compact entries.",
            Args.class, Result.class, (context, args) -> new Result(TaskViews.Entry.all(context.tasks()
                    .timeline(ToolArguments.task(args.taskId()), args.limit()))));

    private TaskTimelineTool() {
    }
}
