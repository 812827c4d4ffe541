package dev.colony.cli;

import dev.colony.mcp.LaunchSettings;
import dev.colony.mcp.StdioServerRunner;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colony mcp}: the MCP stdio server for one agent process. It returns when the client closes
 * stdin.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = "Run the MCP server over stdio (the default command). Logs go to stderr; stdout "
                + "carries only the protocol. Exits when stdin closes.")
public final class McpCommand implements Callable<Integer> {

    @Mixin
    StoreOptions store;

    @Mixin
    AgentOptions agent;

    @ParentCommand
    ColonyCli parent;

    @Override
    public Integer call() {
        return serve(parent.settings(store, agent));
    }

    /**
     * Serves MCP on the process's stdin and stdout. Before serving, {@code System.out} is redirected to
     * stderr so that nothing a library prints can corrupt the protocol stream.
     */
    static int serve(LaunchSettings settings) {
        PrintStream protocol = System.out;
        System.setOut(System.err);
        StdioServerRunner.run(settings, System.in, protocol);
        return 0;
    }
}
