package dev.colony.tool.task;

import dev.colony.api.task.OpenedThread;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskThread;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code task_thread}: opens (or finds) the thread of a repository root and branch and joins it. */
public final class TaskThreadTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The repository or worktree root.",
                    required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The branch checked out there.", required = true)
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch) {
    }

    /** The thread's id and key, and what this call did. */
    public record Result(long taskId, String title, String repoRoot, String branch, String status, boolean created,
            boolean joined) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_thread", "Open a task thread",
            "Open and join the task thread of a repository root and branch, where every session on that "
                    + "checkout meets; returns its task_id. The server joins its own checkout's at start.",
            Args.class, Result.class, (context, args) -> {
                OpenedThread opened = context.scope().tasks()
                        .open(args.repoRoot(), args.branch());
                TaskThread thread = opened.thread();
                return new Result(thread.id().value(), thread.title(), thread.repoRoot(), thread.branch(),
                        thread.status().wireName(), opened.created(), opened.joined());
            }).asIdempotent();

    private TaskThreadTool() {
    }
}
