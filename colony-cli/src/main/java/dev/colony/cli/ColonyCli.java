package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.hook.HookMain;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StartupThread;
import dev.colony.mcp.ColonyVersion;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code colony} command line, the entry point of {@code colony-mcp.jar}.
 *
 * <p>Without a subcommand it runs the MCP stdio server, so that an MCP client can launch
 * {@code java -jar colony-mcp.jar} directly; typed in a terminal, it prints the help instead. The other commands let a person look at the store without
 * an MCP client. Exit codes: 0 on success, 1 when Colony refuses the input or fails (one line on stderr
 * naming the error code), 2 for a malformed command line.
 */
@Command(name = "colony",
        mixinStandardHelpOptions = true,
        versionProvider = ColonyCli.Version.class,
        description = "Shared memory for AI agents. Without a command, runs the MCP stdio server (same as "
                + "'colony mcp'), unless typed in a terminal.",
        subcommands = {McpCommand.class, DemoCommand.class, SearchCommand.class, ReindexCommand.class,
                ForgetCommand.class, ExportCommand.class, ImportCommand.class, TasksCommand.class, PlansCommand.class,
                ForageCommand.class,
                ReadyCommand.class, SpecCommand.class, AddCommand.class, ShowCommand.class, TailCommand.class,
                ClaimsCommand.class, MessagesCommand.class, InboxCommand.class, LanesCommand.class, RunsCommand.class,
                ViewCommand.class, AnswerCommand.class, KillCommand.class, HookCommand.class, DelegationCommand.class,
                CdsCommand.class, DoctorCommand.class, ToolsCommand.class, InstallCommand.class,
                CommandLine.HelpCommand.class})
public final class ColonyCli implements Callable<Integer> {

    /** Exit code when Colony refused the input or failed. */
    public static final int EXIT_FAILURE = 1;

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

    @Spec
    CommandSpec spec;

    private final Map<String, String> env;
    private final Properties system;

    /** A command line reading the process environment and system properties. */
    public ColonyCli() {
        this(System.getenv(), System.getProperties());
    }

    /** A command line reading the given environment and system properties (for tests). */
    public ColonyCli(Map<String, String> env, Properties system) {
        this.env = Objects.requireNonNull(env, "env");
        this.system = Objects.requireNonNull(system, "system");
    }

    /**
     * Runs the command line and exits the JVM with its exit code. A plain server launch (no command or
     * {@code mcp}, with nothing but the store and identity options) skips building the full command
     * line model: MCP clients start the server for every session and wait for its handshake, and the
     * model costs a cold JVM a good part of its start-up. Anything else, including any mistake in those
     * options, goes through the full parser with its help and error messages.
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals(HookCommand.NAME)) {
            System.exit(HookMain.run(Arrays.copyOfRange(args, 1, args.length), System.in,
                    new PrintWriter(System.out, true), new PrintWriter(System.err, true), System.getenv(),
                    System.getProperties()));
        }
        if (args.length == 0 && typedInATerminal()) {
            commandLine(new ColonyCli()).usage(System.out);
            System.out.println();
            System.out.println("No command, and input is a terminal: no MCP server started (an MCP client starts one "
                    + "through a pipe). 'colony mcp' serves here anyway; 'colony install' sets Colony up for your "
                    + "clients.");
            System.exit(0);
        }
        Map<String, String> plain = McpCommand.plainServerOptions(args);
        if (plain != null) {
            LaunchSettings settings = null;
            try {
                settings = LaunchSettings.resolve(plain.get(StoreOptions.DB), plain.get(StoreOptions.JDBC_URL),
                        plain.get(StoreOptions.USER),
                        plain.get(AgentOptions.AGENT), plain.get(AgentOptions.SESSION), System.getenv(),
                        System.getProperties()).withToolsets(plain.get(LaunchSettings.OPTION_TOOLSETS));
            } catch (ColonyException e) {
                // the full parser reports it the usual way
            }
            if (settings != null) {
                int exit;
                try {
                    exit = McpCommand.serve(settings, StartupThread.resolve(plain.get(ThreadOptions.REPO_ROOT),
                            plain.get(ThreadOptions.BRANCH), workingDirectory(System.getProperties())));
                } catch (RuntimeException e) {
                    PrintWriter err = new PrintWriter(System.err, true);
                    report(err, e);
                    exit = EXIT_FAILURE;
                }
                System.exit(exit);
            }
        }
        System.exit(commandLine(new ColonyCli()).execute(args));
    }

    /**
     * Whether a person typed the command in a terminal (stdin and stdout are one), rather than an MCP client
     * starting it through pipes.
     */
    static boolean typedInATerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // from Java 22 a console may exist without a terminal; isTerminal() tells
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** A configured picocli command line around {@code root}, with Colony's error handling. */
    public static CommandLine commandLine(ColonyCli root) {
        CommandLine commandLine = new CommandLine(root);
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            report(cmd.getErr(), e);
            return EXIT_FAILURE;
        });
        return commandLine;
    }

    /** Prints a failure as one line on {@code err}: {@code colony: CODE: message}. */
    private static void report(PrintWriter err, Exception e) {
        if (e instanceof ColonyException colony) {
            err.println("colony: " + colony.code().id() + ": " + oneLine(colony.getMessage()));
        } else {
            err.println("colony: " + e.getClass().getSimpleName() + ": " + oneLine(e.getMessage()));
        }
        err.flush();
    }

    @Override
    public Integer call() {
        return McpCommand.serve(toolsets(shell(settings(store, agent), null), null), thread(null));
    }

    /**
     * The start-up thread of a server launch: a subcommand's own options win over the ones given before
     * it; what neither gives comes from the git work tree around the working directory.
     */
    StartupThread thread(ThreadOptions own) {
        String repoRoot = first(own == null ? null : own.repoRoot, thread.repoRoot);
        String branch = first(own == null ? null : own.branch, thread.branch);
        return StartupThread.resolve(repoRoot, branch, workingDirectory(system));
    }

    /** {@code settings} with the shell options given before a subcommand, then its own ({@code own}). */
    LaunchSettings shell(LaunchSettings settings, ShellOptions own) {
        return shell.apply(settings, own);
    }

    /** {@code settings} with the toolsets named before a subcommand, then by its own ({@code own}), which win. */
    LaunchSettings toolsets(LaunchSettings settings, ToolsetOptions own) {
        return toolsets.apply(settings, own);
    }

    private static Path workingDirectory(Properties system) {
        return Path.of(system.getProperty("user.dir", "."));
    }

    /**
     * Resolves the settings of a subcommand: its own options win, then the options given before the
     * subcommand name, then the environment.
     */
    /** The environment this command line reads. */
    Map<String, String> env() {
        return env;
    }

    /** The system properties this command line reads. */
    Properties system() {
        return system;
    }

    LaunchSettings settings(StoreOptions own, AgentOptions ownAgent) {
        return LaunchSettings.resolve(
                first(own == null ? null : own.db(), store.db()),
                first(own == null ? null : own.jdbcUrl(), store.jdbcUrl()),
                first(own == null ? null : own.user(), store.user()),
                first(ownAgent == null ? null : ownAgent.agent(), agent.agent()),
                first(ownAgent == null ? null : ownAgent.session(), agent.session()),
                env, system);
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    /** Prints the version of this build. */
    static final class Version implements CommandLine.IVersionProvider {

        @Override
        public String[] getVersion() {
            return new String[] {"colony " + ColonyVersion.get()};
        }
    }
}
