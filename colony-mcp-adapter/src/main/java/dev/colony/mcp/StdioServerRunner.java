package dev.colony.mcp;

import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.tool.ToolContext;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Colony MCP server for one agent process: opens the embedded store, announces the session,
 * serves stdio until the client closes stdin, then shuts down in order.
 *
 * <p>Shutting down waits briefly for running tool calls, ends the session if the server started it
 * (a session named by the client stays open for the client to reuse) and closes the Colony. The same
 * shutdown runs from a JVM shutdown hook, so a client that terminates the process instead of closing
 * stdin still leaves the store and the search index closed cleanly.
 */
public final class StdioServerRunner {

    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger LOG = LoggerFactory.getLogger(StdioServerRunner.class);

    private StdioServerRunner() {
    }

    /**
     * Serves until {@code in} ends.
     *
     * @param settings the store and identity
     * @param in the protocol input (stdin)
     * @param out the protocol output (stdout); only protocol messages are written to it
     * @throws dev.colony.api.ColonyException when the store cannot be opened or the session cannot be
     *     announced (for instance a session id that belongs to another user)
     */
    public static void run(LaunchSettings settings, InputStream in, OutputStream out) {
        Colony colony = EmbeddedColony.open(settings.database());
        Session session;
        try {
            session = announce(colony, settings);
        } catch (RuntimeException e) {
            colony.close();
            throw e;
        }
        boolean ownSession = settings.session() == null;
        ColonyMcpServer server = new ColonyMcpServer(
                new ToolContext(colony, session.user(), session.agent(), session.id()));
        Shutdown shutdown = new Shutdown(colony, server, ownSession);
        Thread hook = new Thread(shutdown::run, "colony-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            server.serve(in, out);
        } finally {
            shutdown.run();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                LOG.debug("JVM already shutting down");
            }
        }
    }

    private static Session announce(Colony colony, LaunchSettings settings) {
        SessionStart start = new SessionStart(settings.user(), settings.agent(), settings.session(), null,
                System.getProperty("user.dir"), null, null);
        Session session = colony.sessions().ensure(start);
        LOG.info("{} session {} for {} ({}), store {}", settings.session() == null ? "started" : "resumed",
                session.id(), session.user(), session.agent(), settings.database());
        return session;
    }

    /** The ordered, run-once shutdown shared by the main thread and the shutdown hook. */
    private static final class Shutdown {

        private final Colony colony;
        private final ColonyMcpServer server;
        private final boolean endSession;
        private boolean done;

        Shutdown(Colony colony, ColonyMcpServer server, boolean endSession) {
            this.colony = colony;
            this.server = server;
            this.endSession = endSession;
        }

        synchronized void run() {
            if (done) {
                return;
            }
            done = true;
            try {
                if (!server.awaitIdle(DRAIN_TIMEOUT)) {
                    LOG.warn("closing while tool calls are still running");
                }
                if (endSession) {
                    server.context().sessions().end(server.context().session());
                }
            } catch (RuntimeException e) {
                LOG.warn("could not end session {}: {}", server.context().session(), e.getMessage());
            } finally {
                colony.close();
                LOG.info("colony MCP server stopped");
            }
        }
    }
}
