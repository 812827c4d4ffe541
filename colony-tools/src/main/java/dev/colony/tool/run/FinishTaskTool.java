package dev.colony.tool.run;

import dev.colony.api.ColonyException;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.Runs;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code finish_task}: report the outcome of a run the caller executes. */
public final class FinishTaskTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) String taskId,
            @Param("The result: it finished.") @Size(max = Runs.MAX_TEXT_CHARS) String result,
            @Param("What went wrong: it failed.") @Size(max = Runs.MAX_TEXT_CHARS) String error,
            @Param("Prompt tokens spent.") @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long promptTokens,
            @Param("Completion tokens spent.")
            @Range(min = 0, max = ArgumentSchema.MAX_SAFE_INTEGER) Long completionTokens) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("finish_task", "Report a run's outcome",
            "End a run you executed: result finishes it, error fails it.",
            Args.class, RunResult.class, (context, args) -> {
                if ((args.result() == null) == (args.error() == null)) {
                    throw ColonyException.invalid(args.result() == null ? "result" : "error",
                            "give either result (finished) or error (failed), not both and not neither");
                }
                RunId id = RunArgs.id("task_id", args.taskId());
                RunOutcome outcome = new RunOutcome(args.result(), args.error(), args.promptTokens(),
                        args.completionTokens(), null);
                Runs runs = context.scope().runs();
                return RunResult.of(args.result() != null ? runs.finish(id, outcome) : runs.fail(id, outcome),
                        "Reported; the spawner's await_tasks returns it.");
            });

    private FinishTaskTool() {
    }
}
