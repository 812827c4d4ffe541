package dev.colony.mcp.tool.task;

import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code task_list}: browse task threads, newest activity first. */
public final class TaskListTool {

    /** The default number of threads. */
    static final int DEFAULT_LIMIT = 50;
    static final String HINT = "Browsing only: this is the inventory of task threads, not a work picker.";
    static final String WARNING = "task_list is inventory; use task_ready_for_agent to choose work.";
    static final String NEXT_TOOL = "task_ready_for_agent";

    /** The arguments. */
    public record Args(
            @Param(value = "Most threads to return.", defaultValue = "" + DEFAULT_LIMIT)
            @Range(min = 1, max = TaskLimits.MAX_LIST_LIMIT) int limit,
            @Param("Only threads of this repository root.")
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Only threads of this branch.")
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch) {
    }

    /** The threads, and where to go for choosing work. */
    public record Result(List<TaskViews.ThreadView> tasks, String hint, String coordinationWarning,
            String nextTool) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_list", "Browse task threads",
            "Browse task threads, newest activity first; to pick work use task_ready_for_agent.",
            Args.class, Result.class, (context, args) -> new Result(
                    context.scope().tasks()
                            .list(new TaskListQuery(args.repoRoot(), args.branch(), args.limit()))
                            .stream().map(TaskViews.ThreadView::of).toList(),
                    HINT, WARNING, NEXT_TOOL));

    private TaskListTool() {
    }
}
