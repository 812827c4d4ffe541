package dev.colony.cli;

import dev.colony.mcp.ToolTable;
import dev.colony.tool.Toolset;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code colony tools}: the tools the server can mount, by toolset, with what each call may do; {@code --markdown}
 * prints the README's tool table. It reads the declarations only: no store is opened.
 */
@Command(name = "tools", mixinStandardHelpOptions = true,
        description = {"List the MCP tools by toolset, with their titles and whether a call reads, writes or "
                + "destroys.", "Opens no store."})
public final class ToolsCommand implements Callable<Integer> {

    @Option(names = "--toolsets", paramLabel = "NAME,...",
            description = "Only these toolsets (default: all).")
    String toolsets;

    @Option(names = "--markdown", description = "Print the tables the README shows between its markers.")
    boolean markdown;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (markdown) {
            spec.commandLine().getOut().print(ToolTable.markdown());
        } else {
            Set<Toolset> named = toolsets == null || toolsets.isBlank() ? Toolset.defaults()
                    : Toolset.parse(toolsets, "--toolsets");
            spec.commandLine().getOut().print(ToolTable.text(named));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
