package dev.colony.tool.task;

import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_links}: the threads linked to one thread. */
public final class TaskLinksTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId) {
    }

    /** The thread asked about, and each link with the thread at its other end. */
    public record Result(long taskId, List<TaskViews.LinkedView> links) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_links", "List linked threads",
            "The threads linked to a thread, oldest link first, with each link's note.",
            Args.class, Result.class, (context, args) -> new Result(args.taskId(), context.tasks()
                    .links(ToolArguments.task(args.taskId())).stream().map(TaskViews.LinkedView::of).toList()));

    private TaskLinksTool() {
    }
}
