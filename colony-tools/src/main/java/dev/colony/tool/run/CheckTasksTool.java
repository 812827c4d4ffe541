package dev.colony.tool.run;

import dev.colony.api.run.Run;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/** {@code check_tasks}: the runs the caller can see, compact, newest first. */
public final class CheckTasksTool {

    /** The statuses, by wire name. */
    public static final class Statuses implements Supplier<List<String>> {
        @Override
        public List<String> get() {
            return Arrays.stream(RunStatus.values()).map(RunStatus::wireName).toList();
        }
    }

    /** The arguments. */
    public record Args(
            @Param("Only runs for this agent.") @Size(max = 100) String agent,
            @Param("Only runs in this status.")
            @Choices(Statuses.class) String status,
            @Param String parentId,
            @Param(defaultValue = "" + Runs.DEFAULT_VIEWABLE_WINDOW)
            @Range(min = 1, max = Runs.DEFAULT_VIEWABLE_WINDOW) Integer limit) {
    }

    /**
     * The listing.
     *
     * @param tasks the runs, newest first
     * @param maxConcurrent the slots shared by every process of the store
     * @param next what to do next
     */
    public record Result(List<RunRow> tasks, int maxConcurrent, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("check_tasks", "List runs",
            "Runs you can see, newest first, as compact rows: live ones and ended ones await_tasks has not "
                    + "delivered. A run for your agent nobody took is yours to take.",
            Args.class, Result.class, (context, args) -> {
                Runs runs = context.scope().runs();
                List<Run> found = runs.list(new RunQuery(args.agent(), args.status() == null ? null
                        : RunStatus.fromWire(args.status()), RunArgs.id("parent_id", args.parentId()),
                        args.limit() == null ? Runs.DEFAULT_VIEWABLE_WINDOW : args.limit()));
                String next = found.isEmpty() ? "No runs; spawn_task delegates one."
                        : "await_tasks with task_ids waits for results; task_output shows a shell run's output; "
                                + "answer_task answers a run blocked on user_input.";
                return new Result(found.stream().map(RunRow::of).toList(), runs.maxConcurrent(), next);
            });

    private CheckTasksTool() {
    }
}
