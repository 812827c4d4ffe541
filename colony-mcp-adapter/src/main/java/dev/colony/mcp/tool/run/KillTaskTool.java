package dev.colony.mcp.tool.run;

import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.ToolSpec;

/** {@code kill_task}: end a run now. */
public final class KillTaskTool {

    /** The arguments. */
    public record Args(
            @Param(value = RunArgs.ID_HINT, required = true) String taskId,
            @Param("Kill it as this session of yours instead of the server's own.") String sessionId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("kill_task", "Kill a run",
            "End a run now: it is recorded killed first, then a shell command is stopped with its whole process "
                    + "group (TERM, then KILL after a grace), wherever it runs. A slot it held goes to the oldest "
                    + "queued run. Errors: RUN_NOT_FOUND, RUN_ALREADY_TERMINAL.",
            Args.class, RunResult.class, (context, args) -> RunResult.of(RunArgs.caller(context, args.sessionId())
                    .runs().kill(RunArgs.id("task_id", args.taskId())), "Killed; nothing changes it again."))
            .asDestructive().asIdempotent();

    private KillTaskTool() {
    }
}
