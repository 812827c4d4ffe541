package dev.colony.cli;

import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StartupThread;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
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

    @Mixin
    ThreadOptions thread;

    @Mixin
    ShellOptions shell;

    @Mixin
    ToolsetOptions toolsets;

    @ParentCommand
    ColonyCli parent;

    @Override
    public Integer call() {
        return serve(parent.toolsets(parent.shell(parent.settings(store, agent), shell), toolsets),
                parent.thread(thread));
    }

    /**
     * The options of a plain server launch, read without the full command line parser: the arguments
     * are empty or {@code mcp}, followed only by {@code --db}, {@code --jdbc-url}, {@code --user},
     * {@code --agent}, {@code --session}, {@code --repo-root}, {@code --branch} and {@code --toolsets}, each at most
     * once, as {@code --name value} or {@code --name=value}.
     *
     * @return the option values by name, or {@code null} when the arguments are anything else
     */
    static Map<String, String> plainServerOptions(String[] args) {
        Set<String> names = Set.of(StoreOptions.DB, StoreOptions.JDBC_URL, StoreOptions.USER, AgentOptions.AGENT,
                AgentOptions.SESSION, ThreadOptions.REPO_ROOT, ThreadOptions.BRANCH, LaunchSettings.OPTION_TOOLSETS);
        Map<String, String> options = new HashMap<>();
        int first = args.length > 0 && args[0].equals("mcp") ? 1 : 0;
        for (int i = first; i < args.length; i++) {
            String name = args[i];
            String value;
            int equals = name.indexOf('=');
            if (name.startsWith("--") && equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                value = args[++i];
            } else {
                return null;
            }
            if (!names.contains(name) || options.putIfAbsent(name, value) != null) {
                return null;
            }
        }
        return options;
    }

    /**
     * Serves MCP on the process's stdin and stdout. Before serving, {@code System.out} is redirected to
     * stderr so that nothing a library prints can corrupt the protocol stream; the protocol is written
     * to the stdout file descriptor directly (unbuffered by {@code PrintStream}, whose swallowed write
     * errors would hide a client that went away).
     *
     * @param thread the task thread the session joins once the store is open
     * @return 0 after a clean end of input, 1 when the store could not be opened or stdin failed
     */
    static int serve(LaunchSettings settings, StartupThread thread) {
        System.setOut(System.err);
        return StdioServerRunner.run(settings, thread, new FileInputStream(FileDescriptor.in),
                new FileOutputStream(FileDescriptor.out));
    }
}
