package dev.colony.tool.run;

import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.Runs;
import dev.colony.tool.Futures;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code await_tasks}: wait, within one tool call, for runs to end. */
public final class AwaitTasksTool {

    /** The characters of each result the answer carries. */
    static final int RESULT_CHARS = 2_000;

    /** The arguments. */
    public record Args(
            @Param(value = "The runs to wait for.", required = true) @Size(min = 1, max = Runs.MAX_AWAITED)
            List<String> taskIds,
            @Param(value = "The longest wait, in seconds.", defaultValue = "" + RunArgs.DEFAULT_WAIT_SECONDS)
            @Range(min = 0, max = RunArgs.MAX_WAIT_SECONDS) Integer timeoutSeconds) {
    }

    /**
     * What the wait found.
     *
     * @param done whether every run ended
     * @param tasks every run asked for, in order, with its result (up to 2,000 characters)
     * @param pending the runs still going
     * @param next what to do next
     */
    public record Result(boolean done, List<RunRow> tasks, List<String> pending, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.readingAsync("await_tasks", "Wait for runs",
            "Wait until the runs end or the timeout passes: done true gives each result; done false: call "
                    + "again.",
            Args.class, Result.class, (context, args) -> {
                List<RunId> ids = args.taskIds().stream().map(id -> RunId.parse("task_ids", id)).toList();
                return Futures.map(context.scope().runs().awaitAsync(ids,
                        RunArgs.waitOf(args.timeoutSeconds())), AwaitTasksTool::result);
            });

    private static Result result(List<Run> runs) {
        List<String> pending = runs.stream().filter(run -> !run.status().terminal()).map(run -> run.id().value())
                .toList();
        return new Result(pending.isEmpty(), runs.stream().map(run -> RunRow.of(run, RESULT_CHARS)).toList(),
                pending, pending.isEmpty() ? "All ended." : "Call await_tasks again with the pending ids; "
                        + "check_tasks shows what they wait on.");
    }

    private AwaitTasksTool() {
    }
}
