package dev.colony.tool.run;

import dev.colony.api.run.Run;
import dev.colony.api.run.Runs;
import dev.colony.tool.Param;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code answer_task}: answer the question of a run blocked on the user. */
public final class AnswerTaskTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) String taskId,
            @Param(value = "The answer.", required = true) @Size(max = Runs.MAX_TEXT_CHARS) String answer) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("answer_task", "Answer a run's question",
            "Answer a run blocked on user input; its ask_user returns the answer.",
            Args.class, RunResult.class, (context, args) -> {
                Run run = context.scope().runs().resume(RunArgs.id("task_id",
                        args.taskId()), args.answer());
                return RunResult.of(run, "Answered; the run goes on.");
            });

    private AnswerTaskTool() {
    }
}
