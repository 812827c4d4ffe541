package dev.colony.mcp.tool.task;

import dev.colony.api.task.OpenedThread;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskThread;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;

/** {@code task_thread}: opens (or finds) the thread of a repository root and branch and joins it. */
public final class TaskThreadTool {

    /** The arguments. */
    public record Args(
            @Param(value = "Absolute path of the repository (or worktree) root. Spellings of one directory "
                    + "name one thread: /a/b/../b is /a/b.", required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "The branch checked out there.", required = true)
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch,
            @Param("Join as this session of yours instead of the server's own.") String sessionId) {
    }

    /** The thread's id and key, and what this call did. */
    public record Result(long taskId, String title, String repoRoot, String branch, String status, boolean created,
            boolean joined) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_thread", "Open a task thread",
            "Open the task thread of a repository root and branch and join it, creating the thread when it is "
                    + "the first session there. Every session working on the same checkout meets on one thread: "
                    + "post questions, decisions and blockers there, and read what others posted. Returns the "
                    + "task_id that task_post, task_timeline and the other task tools take. The server joins the "
                    + "thread of its own working tree at start-up, so call this for another checkout or when "
                    + "the server started outside one.",
            Args.class, Result.class, (context, args) -> {
                OpenedThread opened = context.caller(args.sessionId(), null).tasks()
                        .open(args.repoRoot(), args.branch());
                TaskThread thread = opened.thread();
                return new Result(thread.id().value(), thread.title(), thread.repoRoot(), thread.branch(),
                        thread.status().wireName(), opened.created(), opened.joined());
            }).asIdempotent();

    private TaskThreadTool() {
    }
}
