package dev.colony.mcp.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;

/** {@code task_link}: relate two task threads. */
public final class TaskLinkTool {

    /** The arguments. */
    public record Args(
            @Param(value = "One thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(value = "The other thread; not the same as task_id.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long otherTaskId,
            @Param("Link as this session of yours instead of the server's own.") String sessionId,
            @Param("Why the threads are related, e.g. 'frontend depends on the API contract'.")
            @Size(max = TaskLimits.MAX_LINK_NOTE_CHARS) String note) {
    }

    /** The tool; the result is the link as stored. */
    public static final ToolSpec<Args, TaskViews.LinkView> SPEC = ToolSpec.writing("task_link", "Link task threads",
            "Link two related task threads so that either side finds the other with task_links, without copying "
                    + "decisions between them. Links have no direction and are made once: linking a linked pair "
                    + "again returns the existing link. A thread cannot be linked to itself (TASK_LINK_SELF). "
                    + "Returns low_id, high_id, created_at, created_by and note.",
            Args.class, TaskViews.LinkView.class, (context, args) -> TaskViews.LinkView.of(
                    context.caller(args.sessionId(), null).tasks().link(ToolArguments.task(args.taskId()),
                            ToolArguments.task(args.otherTaskId()), args.note())));

    private TaskLinkTool() {
    }
}
