package dev.colony.hook;

import dev.colony.api.ColonyException;
import dev.colony.core.Colony;
import dev.colony.mcp.EmbeddedColony;
import dev.colony.mcp.LaunchSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The entry of {@code colony hook <event> [--db PATH | --jdbc-url URL] [--user NAME] [--agent NAME]}:
 * reads the payload from stdin, and only when it is an edit of a file in a git work tree hands it to the
 * MCP server that has the store open ({@link HookSocket}), or, when none answers, opens the store itself
 * (without a search index) and runs the {@link ClaudeHook}. Exit codes follow Claude Code's hook
 * protocol: 0 lets the edit go ahead (with a warning on stdout when there is one); a failure of Colony
 * itself exits 1, which Claude Code reports without blocking the edit. This hook never exits 2 (block).
 */
public final class HookMain {

    /** The agent a hook acts as when neither {@code --agent} nor {@code COLONY_AGENT} names one. */
    public static final String DEFAULT_AGENT = "claude-code";
    /** Exit code of a failure: non-blocking in Claude Code. */
    public static final int EXIT_FAILURE = 1;
    static final String USAGE = "usage: colony hook pre-tool-use|post-tool-use [--db PATH | --jdbc-url URL] "
            + "[--user NAME] [--agent NAME]  (reads a Claude Code hook payload on stdin)";

    private HookMain() {
    }

    /**
     * Runs a hook.
     *
     * @param args the arguments after {@code hook}: the event, then options
     * @return the exit code
     */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, Map<String, String> env,
            Properties system) {
        Optional<HookEvent> event = args.length == 0 ? Optional.empty() : HookEvent.ofCommand(args[0]);
        Map<String, String> options = event.isPresent() ? options(args) : null;
        if (options == null) {
            err.println("colony hook: " + USAGE);
            err.flush();
            return EXIT_FAILURE;
        }
        try {
            HookPayload payload = HookPayload.read(in);
            Optional<ClaudeHook.Place> place = ClaudeHook.place(payload);
            if (place.isEmpty()) {
                return 0;
            }
            String agent = options.containsKey("--agent") ? options.get("--agent")
                    : env.getOrDefault(LaunchSettings.ENV_AGENT, DEFAULT_AGENT);
            LaunchSettings settings = LaunchSettings.resolve(options.get("--db"), options.get("--jdbc-url"),
                    options.get("--user"), agent, null, env, system);
            Optional<ClaudeHook.Outcome> served = HookSocket.request(HookSocket.store(settings), event.get(),
                    settings.user().value(),
                    settings.agent(), payload).flatMap(request -> HookSocket.call(
                            HookSocket.path(settings, system.getProperty("user.name")), request));
            ClaudeHook.Outcome outcome = served.filter(answer -> answer.exit() == 0).orElse(null);
            if (outcome == null) {
                outcome = direct(event.get(), payload, place.get(), settings);
            }
            if (!outcome.stdout().isEmpty()) {
                out.println(outcome.stdout());
                out.flush();
            }
            return outcome.exit();
        } catch (IOException e) {
            err.println("colony hook: cannot read the hook payload: " + e.getMessage());
            err.flush();
            return EXIT_FAILURE;
        } catch (ColonyException e) {
            err.println("colony hook: " + e.code().id() + ": " + e.getMessage());
            err.flush();
            return EXIT_FAILURE;
        } catch (RuntimeException e) {
            err.println("colony hook: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            err.flush();
            return EXIT_FAILURE;
        }
    }

    /** The hook run in this process: the store opened without a search index, then closed. */
    private static ClaudeHook.Outcome direct(HookEvent event, HookPayload payload, ClaudeHook.Place place,
            LaunchSettings settings) {
        try (Colony colony = EmbeddedColony.openWithoutSearch(settings)) {
            return ClaudeHook.run(event, payload, place, colony, settings.user(), settings.agent());
        }
    }

    /** {@code --name value} and {@code --name=value} pairs after the event; {@code null} for anything else. */
    static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value;
            int equals = arg.indexOf('=');
            if (equals > 0) {
                name = arg.substring(0, equals);
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (!name.equals("--db") && !name.equals("--jdbc-url") && !name.equals("--user")
                    && !name.equals("--agent")) {
                return null;
            }
            options.put(name, value);
        }
        return options;
    }
}
