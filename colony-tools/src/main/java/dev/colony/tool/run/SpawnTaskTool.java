package dev.colony.tool.run;

import dev.colony.api.ColonyException;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolSpec;
import java.util.Set;

/**
 * {@code spawn_task}: delegate a job to an agent, or run a shell command (when the server allows them), as soon as a
 * slot is free.
 */
public final class SpawnTaskTool {

    /** The arguments. */
    public record Args(
            @Param("The agent to delegate to (with message).") @Size(max = 100) String agent,
            @Param("The job; for a command, a description.")
            @Size(max = Runs.MAX_TEXT_CHARS) String message,
            @Param("A shell command to run instead; output goes to task_output.")
            @Size(max = Runs.MAX_TEXT_CHARS) String command,
            @Param("The command's working directory.") @Size(max = 4_096) String cwd,
            @Param String parentId,
            @Param("The task thread it serves.") @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param(value = "Seconds in progress before it fails.", defaultValue = "300")
            @Range(min = 1, max = 86_400) Integer timeoutSeconds) {
    }

    /** The tool on a server that runs shell commands. */
    public static final ToolSpec<Args, RunResult> SPEC = ToolSpec.writing("spawn_task", "Spawn a run",
            "Delegate a job to another agent: its sessions take it and report with finish_task. Starts when "
                    + "one of max_concurrent slots is free, else queued; await_tasks waits for it.",
            Args.class, RunResult.class, SpawnTaskTool::spawn).asDestructive().asOpenWorld();

    /**
     * The tool on a server that runs no shell commands (the default): {@code command} and {@code cwd} are not
     * listed, and a call that sends a command anyway is refused with {@code SHELL_DISABLED}.
     */
    public static final ToolSpec<Args, RunResult> AGENTS_ONLY = new ToolSpec<>("spawn_task", "Spawn a run",
            SPEC.description(), SPEC.arguments().unlisting(Set.of("command", "cwd")), SPEC.result(), false,
            SPEC.handler());

    private static RunResult spawn(ToolContext context, Args args) {
        if ((args.agent() == null) == (args.command() == null)) {
            throw ColonyException.invalid(args.agent() == null ? "agent" : "command",
                    "give either agent (with message) or command, not both and not neither");
        }
        RunSpec spec = new RunSpec(args.command() != null ? RunKind.SHELL : RunKind.AGENT, args.agent(),
                args.message(), args.command(), args.cwd(), RunArgs.id("parent_id", args.parentId()),
                ToolArguments.task(args.taskId()), RunArgs.timeout(args.timeoutSeconds()));
        Run run = context.scope().runs().spawn(spec);
        return RunResult.of(run, run.status() == RunStatus.QUEUED
                ? "Queued until a slot frees; await_tasks with its task_id waits for the result."
                : "await_tasks with its task_id waits for the result; check_tasks lists your runs.");
    }

    private SpawnTaskTool() {
    }
}
