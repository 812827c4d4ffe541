package dev.colony.cli;

import dev.colony.hook.HookMain;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code colony hook pre-tool-use|post-tool-use}: the Claude Code hooks. The jar's entry point runs them
 * before the command-line parser is built (see {@link HookMain}); this command describes them in
 * {@code colony --help} and runs the same code when reached through the parser.
 */
@Command(name = HookCommand.NAME, mixinStandardHelpOptions = true,
        description = {"Claude Code hooks: read a hook payload on stdin. pre-tool-use claims the file an Edit, Write "
                + "or MultiEdit is about to change, on the thread of its git work tree, and warns (never blocks) "
                + "when another agent holds it; post-tool-use records the edit (file heat, lanes).",
                "Exit 0 lets the edit go ahead; a failure of Colony exits 1, which Claude Code shows without "
                        + "blocking."})
public final class HookCommand implements Callable<Integer> {

    /** The command's name, which the jar's entry point recognises before parsing. */
    static final String NAME = "hook";

    @Parameters(index = "0", paramLabel = "EVENT", description = "pre-tool-use or post-tool-use.")
    String event;

    @Option(names = "--db", paramLabel = "PATH", description = "The SQLite store (default: $COLONY_DB, else "
            + "$COLONY_HOME/colony.db).")
    String db;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "A PostgreSQL store instead of a file.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "NAME", description = "The user (default: $COLONY_USER, else the OS user).")
    String user;

    @Option(names = "--agent", paramLabel = "NAME",
            description = "The agent name (default: $COLONY_AGENT, else " + HookMain.DEFAULT_AGENT + ").")
    String agent;

    @ParentCommand
    ColonyCli parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>(List.of(event));
        add(args, "--db", db);
        add(args, "--jdbc-url", jdbcUrl);
        add(args, "--user", user);
        add(args, "--agent", agent);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return HookMain.run(args.toArray(String[]::new), System.in, out, err, parent.env(), parent.system());
    }

    private static void add(List<String> args, String name, String value) {
        if (value != null) {
            args.add(name);
            args.add(value);
        }
    }
}
