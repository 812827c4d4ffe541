package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.collection.Collections;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.tool.Choices;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.TokenBudget.Budget;
import dev.colony.tool.TokenBudget;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.memory.MemoryAddTool;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code task_feed}: the caller's tasks by last change, newest first, with no relevance ranking; tasks
 * written with memory_add and task threads alike.
 */
public final class TaskFeedTool {

    /** The arguments. */
    public record Args(
            @Param("Only tasks changed after this ISO 8601 time or day.")
            @Size(max = 40) String since,
            @Param("Only tasks with this status.")
            @Choices(MemoryAddTool.TaskStatuses.class) String status,
            @Param("Only tasks with this topic.")
            @Size(max = 160) String topic,
            @Param("Only this collection's tasks (personal: yours).")
            @Size(max = Collections.MAX_SLUG_LENGTH) String collection,
            @Param("The most tasks; " + TaskFeedQuery.DEFAULT_LIMIT + " by default.")
            @Range(min = 1, max = TaskFeedQuery.MAX_LIMIT) Integer limit) {
    }

    /**
     * One task.
     *
     * @param taskId the task's id (also a task thread id)
     * @param memoryId the memory holding its text and steps, for memory_retrieve; omitted for a task thread
     * @param preview its first line
     * @param progress [done, total] checklist steps, or null without a checklist
     * @param status its status
     * @param topics its topics, omitted when none
     * @param collection its collection, omitted for a personal task
     * @param updatedAt its last change (epoch ms)
     */
    public record Entry(
            long taskId,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long memoryId,
            String preview,
            @Nullable List<Integer> progress,
            String status,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> topics,
            @JsonInclude(JsonInclude.Include.NON_NULL) String collection,
            long updatedAt) {

        public static Entry of(FeedTask task) {
            return new Entry(task.task().value(), task.memory() == null ? null : task.memory().value(),
                    task.preview(), task.progress() == null ? null
                            : List.of(task.progress().done(), task.progress().total()),
                    task.status().wireName(), task.topics(), task.collection(), task.updatedAt().toEpochMilli());
        }
    }

    /**
     * The tasks, newest change first.
     *
     * @param tasks the tasks listed
     * @param budget how many tasks a feed without a limit left out, when it left some out
     */
    public record Result(List<Entry> tasks, @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Budget budget) {
    }

    /** The estimated tokens a feed without a limit stays within (the compact tools' budget). */
    public static final int TOKEN_BUDGET = 760;

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_feed", "Task feed",
            "Your tasks (memory tasks and task threads, personal and shared) by last change, newest first: "
                    + "call it at the start of a session. To find tasks by subject: memory_search.",
            Args.class, Result.class, (context, args) -> {
                TaskFeedQuery query = new TaskFeedQuery(ToolArguments.instant("since", args.since()),
                        args.status() == null ? null : TaskStatus.fromWire(args.status()), args.topic(),
                        args.collection(), args.limit() == null ? TaskFeedQuery.DEFAULT_LIMIT : args.limit());
                List<Entry> tasks = new ArrayList<>(context.colony().as(context.actor()).taskFeed().feed(query)
                        .stream().map(Entry::of).toList());
                if (args.limit() != null) {
                    return new Result(tasks, null);
                }
                int available = tasks.size();
                return TokenBudget.fit(TOKEN_BUDGET, List.of(tasks), (dropped, tokens) -> new Result(
                        List.copyOf(tasks), dropped == 0 ? null : new Budget(available, tasks.size(), dropped, tokens,
                                "task_feed", "Compact feed: the latest changes only; narrow with since, "
                                        + "status, topic or collection, or give a limit.")));
            });

    private TaskFeedTool() {
    }
}
