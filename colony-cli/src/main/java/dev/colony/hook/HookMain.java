package dev.colony.hook;

import dev.colony.api.ColonyException;
import dev.colony.core.Colony;
import dev.colony.hook.client.HookAnswer;
import dev.colony.hook.client.HookClient;
import dev.colony.hook.client.HookFallback;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.LaunchSettings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code colony hook <event> [--db PATH | --jdbc-url URL] [--user NAME] [--agent NAME]}: the hook run
 * from {@code colony-mcp.jar}. It first hands the payload to the MCP server serving the store, as
 * {@code colony-hook.jar} does ({@link HookClient}); when none answers it is the {@link HookFallback}:
 * only when the payload is an edit of a file in a git work tree does it open the store itself (without
 * a search index) and run the {@link ClaudeHook}. Exit codes follow Claude Code's hook protocol
 * ({@link HookAnswer}): this hook never blocks an edit.
 */
public final class HookMain implements HookFallback {

    /** The agent a hook acts as when neither {@code --agent} nor {@code COLONY_AGENT} names one. */
    public static final String DEFAULT_AGENT = "claude-code";
    /** Exit code of a failure: non-blocking in Claude Code. */
    public static final int EXIT_FAILURE = HookAnswer.EXIT_FAILURE;
    static final String USAGE = "usage: colony hook pre-tool-use|post-tool-use [--db PATH | --jdbc-url URL] "
            + "[--user NAME] [--agent NAME]  (reads a Claude Code hook payload on stdin)";

    /** The fallback, as {@code colony-hook.jar} finds it through {@link java.util.ServiceLoader}. */
    public HookMain() {
    }

    /**
     * Runs a hook: through the serving MCP server when there is one, else in this process.
     *
     * @param args the arguments after {@code hook}: the event, then options
     * @return the exit code
     */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, Map<String, String> env,
            Properties system) {
        return HookClient.run(args, in, out, err, env, system, new HookMain());
    }

    @Override
    public int run(String[] args, byte[] payloadBytes, PrintWriter out, PrintWriter err, Map<String, String> env,
            Properties system) {
        Optional<HookEvent> event = args.length == 0 ? Optional.empty() : HookEvent.ofCommand(args[0]);
        Map<String, String> options = event.isPresent() ? HookClient.options(args) : null;
        if (options == null) {
            err.println("colony hook: " + USAGE);
            err.flush();
            return EXIT_FAILURE;
        }
        try {
            HookPayload payload = HookPayload.read(new ByteArrayInputStream(payloadBytes));
            Optional<ClaudeHook.Place> place = ClaudeHook.place(payload);
            if (place.isEmpty()) {
                return 0;
            }
            LaunchSettings settings = settings(options, env, system);
            HookAnswer answer;
            try (Colony colony = EmbeddedColony.openWithoutSearch(settings)) {
                answer = ClaudeHook.run(event.get(), payload, place.get(), colony, settings.user(), settings.agent());
            }
            if (!answer.stdout().isEmpty()) {
                out.println(answer.stdout());
                out.flush();
            }
            return answer.exit();
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

    /**
     * Whom and where a hook acts, from its options and environment: the agent defaults to
     * {@value #DEFAULT_AGENT} rather than the server's default.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming the option at fault
     */
    static LaunchSettings settings(Map<String, String> options, Map<String, String> env, Properties system) {
        String agent = options.containsKey("--agent") ? options.get("--agent")
                : env.getOrDefault(LaunchSettings.ENV_AGENT, DEFAULT_AGENT);
        return LaunchSettings.resolve(options.get("--db"), options.get("--jdbc-url"), options.get("--user"), agent,
                null, env, system);
    }
}
