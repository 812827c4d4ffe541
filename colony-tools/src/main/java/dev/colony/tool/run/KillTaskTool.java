package dev.colony.tool.run;

import dev.colony.tool.Param;
import dev.colony.tool.ToolSpec;

/** {@code kill_task}: end a run now. */
public final class KillTaskTool {

    /** The arguments. */
    public record Args(
            @Param(required = true) String taskId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("kill_task", "Kill a run",
            "End a run now; a shell command is stopped with its process group.",
            Args.class, RunResult.class, (context, args) -> RunResult.of(context.scope()
                    .runs().kill(RunArgs.id("task_id", args.taskId())), "Killed; nothing changes it again."))
            .asDestructive().asIdempotent();

    private KillTaskTool() {
    }
}
