package dev.colony.api.run;

import dev.colony.api.TaskId;
import java.time.Duration;

/**
 * A run to spawn or create. Nothing is checked here: the registry checks every field and names the one at
 * fault.
 *
 * @param kind what executes it
 * @param agent the agent that should do it (agent kinds), or {@code null}
 * @param message what to do: the job for an agent, or a description of a shell run
 * @param command the shell command (shell runs), or {@code null}
 * @param cwd the shell command's working directory, or {@code null} for the process's own
 * @param parent the run this one serves, or {@code null}
 * @param task the task thread it serves, or {@code null}
 * @param timeout how long it may be in progress before it fails, or {@code null} for the registry's default
 */
public record RunSpec(RunKind kind, String agent, String message, String command, String cwd, RunId parent,
        TaskId task, Duration timeout) {

    /** A job for {@code agent}. */
    public static RunSpec agent(String agent, String message) {
        return new RunSpec(RunKind.AGENT, agent, message, null, null, null, null, null);
    }

    /** A shell command. */
    public static RunSpec shell(String command) {
        return new RunSpec(RunKind.SHELL, null, null, command, null, null, null, null);
    }

    /** This spec with the shell command run in {@code directory}. */
    public RunSpec inDirectory(String directory) {
        return new RunSpec(kind, agent, message, command, directory, parent, task, timeout);
    }

    /** This spec as a child of {@code newParent}. */
    public RunSpec under(RunId newParent) {
        return new RunSpec(kind, agent, message, command, cwd, newParent, task, timeout);
    }

    /** This spec serving the thread {@code newTask}. */
    public RunSpec serving(TaskId newTask) {
        return new RunSpec(kind, agent, message, command, cwd, parent, newTask, timeout);
    }

    /** This spec with its own timeout. */
    public RunSpec timingOutAfter(Duration newTimeout) {
        return new RunSpec(kind, agent, message, command, cwd, parent, task, newTimeout);
    }
}
