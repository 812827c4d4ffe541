package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.TaskListQuery;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolSpec;
import java.util.ArrayList;
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
            @Param("Default " + DEFAULT_LIMIT + ", within about 800 tokens.")
            @Range(min = 1, max = TaskLimits.MAX_LIST_LIMIT) Integer limit,
            @Param
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param
            @Size(max = TaskLimits.MAX_BRANCH_CHARS) String branch) {
    }

    /**
     * The threads, and where to go for choosing work.
     *
     * @param tasks the threads, newest activity first
     * @param hint what the list is for
     * @param coordinationWarning that it is no work picker
     * @param nextTool the tool that picks work
     * @param budget how many threads a long list left out, when it left some out
     */
    public record Result(List<TaskViews.ThreadView> tasks, String hint, String coordinationWarning,
            String nextTool, @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Budget budget) {
    }

    /** The estimated tokens a list stays within (the compact tools' budget). */
    public static final int TOKEN_BUDGET = 760;

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_list", "Browse task threads",
            "Browse task threads, newest activity first; to pick work use task_ready_for_agent.",
            Args.class, Result.class, (context, args) -> {
                List<TaskViews.ThreadView> threads = new ArrayList<>(context.scope().tasks()
                        .list(new TaskListQuery(args.repoRoot(), args.branch(),
                                args.limit() == null ? DEFAULT_LIMIT : args.limit()))
                        .stream().map(TaskViews.ThreadView::of).toList());
                int available = threads.size();
                if (args.limit() != null) {
                    return new Result(threads, HINT, WARNING, NEXT_TOOL, null);
                }
                return TokenBudget.fit(TOKEN_BUDGET, List.of(threads), (dropped, tokens) -> new Result(
                        List.copyOf(threads), HINT, WARNING, NEXT_TOOL, dropped == 0 ? null : new Budget(available,
                                threads.size(), dropped, tokens, "task_list", "Compact list: the most recently "
                                        + "active threads only; narrow with repo_root or branch, or give a limit.")));
            });

    private TaskListTool() {
    }
}
