package dev.colony.hook.client;

import java.io.PrintWriter;
import java.util.Map;
import java.util.Properties;

/**
 * Runs a hook in the hook's own JVM, when no server answers for its store: opens the store, does the
 * work, closes it. {@code colony-mcp.jar} provides it (found with {@link java.util.ServiceLoader} when
 * {@code colony-hook.jar} runs beside it); it also reports bad arguments with the full usage.
 */
public interface HookFallback {

    /**
     * Runs the hook.
     *
     * @param args the arguments: the event, then options
     * @param payload Claude Code's payload, as read from stdin
     * @param out the hook's stdout (what Claude Code reads)
     * @param err the hook's stderr
     * @param env the environment
     * @param system the system properties
     * @return the exit code
     */
    int run(String[] args, byte[] payload, PrintWriter out, PrintWriter err, Map<String, String> env,
            Properties system);
}
