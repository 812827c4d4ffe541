package dev.colony.cli;

import dev.colony.launch.LaunchSettings;
import picocli.CommandLine.Option;

/**
 * The option that mounts only some parts of the tool surface ({@link dev.colony.tool.Toolset}); it wins over
 * {@code COLONY_TOOLSETS}, and without either the server mounts every tool.
 */
public final class ToolsetOptions {

    @Option(names = LaunchSettings.OPTION_TOOLSETS, paramLabel = "NAME,...",
            description = "Mount only these toolsets, e.g. memory or memory,coordination (default: $COLONY_TOOLSETS, "
                    + "else all); 'colony tools' lists them with their tools.")
    String toolsets;

    /** {@code settings} with these options applied; {@code own} (a subcommand's), when given, wins over them. */
    LaunchSettings apply(LaunchSettings settings, ToolsetOptions own) {
        LaunchSettings applied = settings.withToolsets(toolsets);
        return own == null ? applied : applied.withToolsets(own.toolsets);
    }
}
