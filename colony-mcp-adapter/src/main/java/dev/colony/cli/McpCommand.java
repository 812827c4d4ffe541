package dev.colony.cli;

import dev.colony.mcp.LaunchSettings;
import dev.colony.mcp.StdioServerRunner;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
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
     * stderr so that nothing a library prints can corrupt the protocol stream; the protocol is written
     * to the stdout file descriptor directly (unbuffered by {@code PrintStream}, whose swallowed write
     * errors would hide a client that went away).
     *
     * @return 0 after a clean end of input, 1 when the store could not be opened or stdin failed
     */
    static int serve(LaunchSettings settings) {
        System.setOut(System.err);
        return StdioServerRunner.run(settings, new FileInputStream(FileDescriptor.in),
                new FileOutputStream(FileDescriptor.out));
    }
}
