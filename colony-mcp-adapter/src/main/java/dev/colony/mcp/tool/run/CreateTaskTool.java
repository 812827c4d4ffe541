package dev.colony.mcp.tool.run;

import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.Runs;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;

/** {@code create_task}: queue a job for an agent's next pickup, without dispatching it. */
public final class CreateTaskTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The agent that should pick it up.", required = true) @Size(max = 100) String agent,
            @Param(value = "The job.", required = true) @Size(max = Runs.MAX_TEXT_CHARS) String message,
            @Param("The run this one serves (a sub-run of it).") String parentId,
            @Param("The task thread it serves.") @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param(value = "Seconds it may be in progress, once taken, before it fails.", defaultValue = "300")
            @Range(min = 1, max = 86_400) Integer timeoutSeconds,
            @Param("Create as this session of yours instead of the server's own.") String sessionId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("create_task", "Queue a run for pickup",
            "Record a job for an agent without dispatching it: it stays queued, taking no slot, until a session of "
                    + "that agent takes it (take_task) when it next looks (check_tasks, attention_inbox). Returns "
                    + "task_id. Errors: NOT_A_MEMBER, RUN_NOT_FOUND (parent_id).",
            Args.class, RunResult.class, (context, args) -> RunResult.of(RunArgs.caller(context, args.sessionId())
                    .runs().create(new RunSpec(RunKind.AGENT, args.agent(), args.message(), null, null,
                            RunArgs.id("parent_id", args.parentId()), ToolArguments.task(args.taskId()),
                            RunArgs.timeout(args.timeoutSeconds()))),
                    "Queued for " + args.agent() + "'s next pickup; await_tasks waits for its result."));

    private CreateTaskTool() {
    }
}
