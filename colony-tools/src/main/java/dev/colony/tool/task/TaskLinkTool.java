package dev.colony.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_link}: relate two task threads. */
public final class TaskLinkTool {

    /** The arguments. */
    public record Args(
            @Param(value = "One thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "The other thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long otherTaskId,
            @Param("Why they are related.")
            @Size(max = TaskLimits.MAX_LINK_NOTE_CHARS) String note) {
    }

    /** The tool; the result is the link as stored. */
    public static final ToolSpec<Args, TaskViews.LinkView> SPEC = ToolSpec.writing("task_link", "Link task threads",
            "Link two related threads so each lists the other (task_links); undirected, linking again "
                    + "returns the link.",
            Args.class, TaskViews.LinkView.class, (context, args) -> TaskViews.LinkView.of(
                    context.scope().tasks().link(ToolArguments.task(args.taskId()),
                            ToolArguments.task(args.otherTaskId()), args.note())));

    private TaskLinkTool() {
    }
}
