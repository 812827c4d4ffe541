package dev.colony.mcp.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;
import java.time.Instant;
import java.util.List;

/** {@code task_updates_since}: what other sessions posted on a thread after a time. */
public final class TaskUpdatesSinceTool {

    /** The default number of entries. */
    static final int DEFAULT_LIMIT = 50;

    /** The arguments. */
    public record Args(
            @Param(value = "The thread: a task_id from task_thread or task_list.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("Your session, whose own posts are left out; the server's session when not given.")
            String sessionId,
            @Param(value = "Epoch milliseconds: only posts written after this moment.", required = true)
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) long sinceTs,
            @Param(value = "Most entries to return.", defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = TaskLimits.MAX_TIMELINE_LIMIT) int limit) {
    }

    /** The entries, oldest first. */
    public record Result(List<TaskViews.Update> entries) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_updates_since",
            "What changed on a thread",
            "List what other sessions posted on a task thread after since_ts (epoch ms), leaving out your own "
                    + "posts: the question to ask after being away. Compact entries (id, kind, session_id, ts), "
                    + "oldest first, so the ts of the last entry is the since_ts of the next call.",
            Args.class, Result.class, (context, args) -> new Result(TaskViews.Update.all(
                    context.caller(args.sessionId(), null).tasks().updatesSince(
                            ToolArguments.task(args.taskId()), Instant.ofEpochMilli(args.sinceTs()), args.limit()))));

    private TaskUpdatesSinceTool() {
    }
}
