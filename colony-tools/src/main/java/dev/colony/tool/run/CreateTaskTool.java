package dev.colony.tool.run;

import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.Runs;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code create_task}: queue a job for an agent's next pickup, without dispatching it. */
public final class CreateTaskTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The agent that should take it.", required = true) @Size(max = 100) String agent,
            @Param(value = "The job.", required = true) @Size(max = Runs.MAX_TEXT_CHARS) String message,
            @Param String parentId,
            @Param("The task thread it serves.") @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param(value = "Seconds in progress before it fails.", defaultValue = "300")
            @Range(min = 1, max = 86_400) Integer timeoutSeconds) {
    }

    /** The tool. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("create_task", "Queue a run for pickup",
            "Queue a job for an agent without a slot, until one of its sessions takes it (take_task).",
            Args.class, RunResult.class, (context, args) -> RunResult.of(context.scope()
                    .runs().create(new RunSpec(RunKind.AGENT, args.agent(), args.message(), null, null,
                            RunArgs.id("parent_id", args.parentId()), ToolArguments.task(args.taskId()),
                            RunArgs.timeout(args.timeoutSeconds()))),
                    "Queued for " + args.agent() + "'s next pickup; await_tasks waits for its result."));

    private CreateTaskTool() {
    }
}
