package dev.colony.hook.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The entry of {@code java -jar colony-hook.jar pre-tool-use|post-tool-use [--db PATH | --jdbc-url URL]
 * [--user NAME] [--agent NAME]}, and of {@code colony hook}: reads Claude Code's payload from stdin, hands
 * it to the MCP server serving the store's {@link HookSpool}, and prints the server's answer; when no
 * server serves the store, or it fails, runs the {@link HookFallback} instead.
 */
public final class HookClient {

    /** The events a hook runs for, as on the command line. */
    public static final Set<String> EVENTS = Set.of("pre-tool-use", "post-tool-use");
    /** The options a hook takes. */
    public static final Set<String> OPTIONS = Set.of("--db", "--jdbc-url", "--user", "--agent");

    private HookClient() {
    }

    /** Runs a hook from {@code colony-hook.jar}, with {@code colony-mcp.jar}'s fallback when it is needed. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, System.in, out, err, System.getenv(), System.getProperties(), HookClient::fallback));
    }

    /**
     * Runs a hook.
     *
     * @param args the event, then options
     * @param fallback what runs the hook when no server answers
     * @return the exit code
     */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, Map<String, String> env,
            Properties system, HookFallback fallback) {
        byte[] payload;
        try {
            payload = in.readAllBytes();
        } catch (IOException e) {
            err.println("colony hook: cannot read the hook payload: " + e.getMessage());
            err.flush();
            return HookAnswer.EXIT_FAILURE;
        }
        Optional<HookAnswer> served = forward(args, payload, env, system).filter(answer -> answer.exit() == 0);
        if (served.isEmpty()) {
            return fallback.run(args, payload, out, err, env, system);
        }
        if (!served.get().stdout().isEmpty()) {
            out.println(served.get().stdout());
            out.flush();
        }
        return 0;
    }

    /** The serving server's answer to this hook; empty when none serves its store or the arguments are wrong. */
    static Optional<HookAnswer> forward(String[] args, byte[] payload, Map<String, String> env, Properties system) {
        if (args.length == 0 || !EVENTS.contains(args[0])) {
            return Optional.empty();
        }
        Map<String, String> options = options(args);
        if (options == null) {
            return Optional.empty();
        }
        StoreLocation location;
        try {
            location = StoreLocation.resolve(options.get("--db"), options.get("--jdbc-url"), env, system);
        } catch (StoreLocation.InvalidLocation e) {
            return Optional.empty();
        }
        HookSpool spool = HookSpool.of(location.key(), system.getProperty("user.name"),
                system.getProperty("java.io.tmpdir", System.getProperty("java.io.tmpdir")));
        return new HookRequest(location.key(), args[0], options, env, system, payload).encode()
                .flatMap(request -> spool.exchange(request, HookSpool.ANSWER_TIMEOUT_MILLIS))
                .flatMap(HookAnswer::decode);
    }

    /**
     * The options after the event, {@code --name value} or {@code --name=value}, by name; {@code null}
     * for anything but {@link #OPTIONS} or a missing value.
     */
    public static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            String name = args[i];
            String value;
            int equals = name.indexOf('=');
            if (equals > 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (!OPTIONS.contains(name)) {
                return null;
            }
            options.put(name, value);
        }
        return options;
    }

    /** The fallback {@code colony-mcp.jar} provides, run when no server answers. */
    private static int fallback(String[] args, byte[] payload, PrintWriter out, PrintWriter err,
            Map<String, String> env, Properties system) {
        Optional<HookFallback> fallback = ServiceLoader.load(HookFallback.class).findFirst();
        if (fallback.isEmpty()) {
            err.println("colony hook: no MCP server serves this store, and colony-mcp.jar, which runs the hook "
                    + "without one, is not beside colony-hook.jar");
            err.flush();
            return HookAnswer.EXIT_FAILURE;
        }
        return fallback.get().run(args, payload, out, err, env, system);
    }
}
