package dev.colony.cli;

import dev.colony.launch.LaunchSettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options that let the MCP server run shell commands for its agents. Shell runs are off by default: a command
 * runs as the server's user, so an operator turns them on, and the options add to the {@code COLONY_ALLOW_SHELL},
 * {@code COLONY_SHELL_ALLOW} and {@code COLONY_SHELL_ENV} environment variables.
 */
public final class ShellOptions {

    @Option(names = "--allow-shell",
            description = "Let agents run shell commands (spawn_task with command, task_output); off by default "
                    + "(also $COLONY_ALLOW_SHELL=true). Commands run as this user with only PATH, HOME, LANG, TERM "
                    + "and the --shell-env variables.")
    boolean allow;

    @Option(names = "--shell-allow", paramLabel = "PROGRAM", split = ",",
            description = "Only these programs (bare names or absolute paths), run without a shell: no pipes, "
                    + "chaining, substitution or redirection. Implies --allow-shell (also $COLONY_SHELL_ALLOW).")
    List<String> programs = new ArrayList<>();

    @Option(names = "--shell-env", paramLabel = "NAME", split = ",",
            description = "Environment variables shell commands also receive (also $COLONY_SHELL_ENV); no other "
                    + "variable of the server reaches them.")
    List<String> variables = new ArrayList<>();

    /** {@code settings} with these options applied; {@code own} (a subcommand's), when given, adds to them. */
    LaunchSettings apply(LaunchSettings settings, ShellOptions own) {
        LaunchSettings applied = settings.withShellOptions(allow, programs, variables);
        return own == null ? applied : own.apply(applied, null);
    }
}
