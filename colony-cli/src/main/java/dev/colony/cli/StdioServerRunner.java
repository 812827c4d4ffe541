package dev.colony.cli;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.OpenedThread;
import dev.colony.core.Colony;
import dev.colony.hook.HookServer;
import dev.colony.launch.EmbeddedColony;
import dev.colony.launch.ForageOnStart;
import dev.colony.launch.LaunchSettings;
import dev.colony.launch.StartupThread;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.mcp.ColonyVersion;
import dev.colony.mcp.OpeningToolHost;
import dev.colony.mcp.ResultWarmUp;
import dev.colony.mcp.transport.StdioServer;
import dev.colony.mcp.transport.TransportLimits;
import dev.colony.search.lucene.LuceneWarmUp;
import dev.colony.tool.ToolCatalog;
import dev.colony.tool.ToolContext;
import dev.colony.tool.Toolset;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Colony MCP server for one agent process: answers the handshake at once while, from launch, the
 * embedded store opens, the session is announced and the tool definitions are built in the background, serves
 * stdio until the client closes stdin, then shuts down in order. A session named by the client
 * ({@code --session}) is announced before anything is served: one that belongs to another user stops the server
 * before it starts.
 *
 * <p>Shutting down waits briefly for running tool calls, ends the session if the server started it
 * (a session named by the client stays open for the client to reuse) and closes the Colony. The same
 * shutdown runs from a JVM shutdown hook, so a client that terminates the process instead of closing
 * stdin still leaves the store and the search index closed cleanly. Once shutdown has begun no store is
 * opened any more, and one that is opening is waited for and closed, so that the process never exits while
 * the store or the embedding model is still being opened.
 */
public final class StdioServerRunner {

    /** Exit code of a server that served until the input ended, with its store open. */
    public static final int EXIT_OK = 0;

    /** Exit code of a server whose store could not be opened or whose input failed. */
    public static final int EXIT_FAILED = 1;

    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration OPEN_WAIT = Duration.ofSeconds(30);

    private static final Logger LOG = LoggerFactory.getLogger(StdioServerRunner.class);

    private StdioServerRunner() {
    }

    /**
     * Serves until {@code in} ends.
     *
     * @param settings the store and identity
     * @param in the protocol input (stdin)
     * @param out the protocol output (stdout); only protocol messages are written to it
     * @return {@link #EXIT_OK}, or {@link #EXIT_FAILED} when the store could not be opened (tool calls
     *     were answered with that error) or reading the input failed; {@link #EXIT_OK} whenever the JVM's own exit
     *     (a signal) closed the server, so that the JVM's status stands
     * @throws ColonyException {@code FORBIDDEN}, before anything is read or written, when the settings name a
     *     session that belongs to another user
     */
    public static int run(LaunchSettings settings, InputStream in, OutputStream out) {
        return run(settings, StartupThread.NONE, in, out);
    }

    /**
     * Serves until {@code in} ends, joining the session to the task thread {@code thread} names once
     * the store is open (in the background, after the handshake; a failure to join is logged, never
     * fatal).
     *
     * @param settings the store and identity
     * @param thread the thread to join at start-up, or {@link StartupThread#NONE}
     * @param in the protocol input (stdin)
     * @param out the protocol output (stdout); only protocol messages are written to it
     * @return as {@link #run(LaunchSettings, InputStream, OutputStream)}
     * @throws ColonyException as {@link #run(LaunchSettings, InputStream, OutputStream)}
     */
    public static int run(LaunchSettings settings, StartupThread thread, InputStream in, OutputStream out) {
        FutureTask<Void> claim = new FutureTask<>(() -> {
            claimNamedSession(settings, thread);
            return null;
        });
        if (settings.session() != null) {
            Thread claiming = new Thread(claim, "colony-claim-session");
            claiming.setDaemon(true);
            claiming.start();
        }
        CompletableFuture<ToolCatalog> tools = catalog(settings.toolsets(), settings.runs().shell().enabled());
        warmUpSearch();
        AtomicReference<HookServer> hooks = new AtomicReference<>();
        OpeningToolHost host = new OpeningToolHost(tools, () -> {
            ColonyMcpServer server = open(settings, thread, tools);
            try {
                HookServer.start(server.context().colony(), settings).ifPresent(hooks::set);
            } catch (RuntimeException e) {
                LOG.warn("not serving hooks: {}", e.toString());
            }
            return server;
        });
        StdioServer stdio = new StdioServer(host, TransportLimits.defaults());
        if (settings.session() != null) {
            awaitClaim(claim);
        }
        host.begin();
        Shutdown shutdown = new Shutdown(host, settings.session() == null, hooks);
        Thread hook = new Thread(shutdown::runForJvm, "colony-shutdown");
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            // A signal arrived before the hook could be registered: close what opened and let the JVM's exit stand.
            shutdown.runForJvm();
            return EXIT_OK;
        }
        StdioServer.Outcome outcome;
        try {
            outcome = stdio.serve(in, out);
        } finally {
            shutdown.run();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                LOG.debug("JVM already shutting down");
            }
        }
        if (shutdown.forJvm()) {
            // The JVM is exiting (a signal) and chose its status: a failure status now would replace it, since the
            // JVM halts at once on a non-zero exit once its hooks have run. Exit 0 waits for the JVM's own exit.
            return EXIT_OK;
        }
        return outcome == StdioServer.Outcome.END_OF_INPUT && host.failure().isEmpty() ? EXIT_OK : EXIT_FAILED;
    }

    /**
     * The tool catalogue, built on a thread of its own (loading the classes of every tool and generating their
     * schemas), so that neither the handshake nor the store's opening waits for it. The same thread then loads what
     * turning a result record into JSON needs, which the first tool call would otherwise load while its client waits.
     */
    private static CompletableFuture<ToolCatalog> catalog(Set<Toolset> toolsets, boolean shell) {
        CompletableFuture<ToolCatalog> catalog = new CompletableFuture<>();
        Thread building = new Thread(() -> {
            try {
                catalog.complete(new ToolCatalog(ColonyMcpServer.tools(toolsets, shell)));
            } catch (RuntimeException | Error e) {
                LOG.error("the tool definitions could not be built", e);
                catalog.completeExceptionally(e);
                return;
            }
            ResultWarmUp.run();
        }, "colony-tools");
        building.setDaemon(true);
        building.start();
        return catalog;
    }

    /**
     * Loads the search index's classes on a thread of its own ({@link LuceneWarmUp}) while the store opens, so that
     * the index, opened after the store, and the first search find them loaded.
     */
    private static void warmUpSearch() {
        Thread warming = new Thread(LuceneWarmUp::run, "colony-search-warm-up");
        warming.setDaemon(true);
        warming.start();
    }

    /** Waits for {@link #claimNamedSession} (run while the tools and transport are built) and passes on its refusal. */
    private static void awaitClaim(FutureTask<Void> claim) {
        try {
            claim.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException refused) {
                throw refused;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ColonyException(ErrorCode.INTERNAL, "interrupted while announcing the session");
        }
    }

    /**
     * Announces the session the settings name before anything is served, so that a server asked to act in a
     * session that belongs to another user refuses to start instead of failing every call; announcing it also
     * makes it this user's, so nobody can take it between this check and the server's own announcement. The
     * store is opened without its search index for this, which costs a named session's handshake one store
     * open; any other failure is left to the opening that follows, which reports it in every call.
     *
     * @throws ColonyException {@code FORBIDDEN} when the session belongs to another user
     */
    private static void claimNamedSession(LaunchSettings settings, StartupThread thread) {
        try (Colony colony = EmbeddedColony.openWithoutSearch(settings)) {
            colony.sessions().ensure(start(settings, thread));
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.FORBIDDEN && "session_id".equals(e.field())) {
                throw new ColonyException(ErrorCode.FORBIDDEN, "session " + Echo.quoted(settings.session().value())
                        + " belongs to another user: name another session with --session (or "
                        + LaunchSettings.ENV_SESSION + "), or leave it out for a fresh one");
            }
            LOG.debug("could not announce session {} before serving: {}", settings.session(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.debug("could not announce session {} before serving: {}", settings.session(), e.toString());
        }
    }

    private static ColonyMcpServer open(LaunchSettings settings, StartupThread thread,
            CompletableFuture<ToolCatalog> catalog) {
        // The model loads while the store opens and the session is announced; searches rank by words until it has.
        Colony colony = EmbeddedColony.openServing(settings);
        try {
            Session session = announce(colony, settings, thread);
            joinThread(colony, session, thread);
            ForageOnStart.start(colony, session.actor(), thread.repoRoot(), System.getenv());
            ToolCatalog tools = catalog.join();
            ColonyMcpServer server = new ColonyMcpServer(
                    new ToolContext(colony, session.user(), session.agent(), session.id(), settings.collection()), tools);
            server.sessionSeen(session.lastSeen());
            LOG.info("colony MCP server {} serving {} tools ({}) as {} (session {}); shell runs {}",
                    ColonyVersion.get(), tools.names().size(), Toolset.describe(settings.toolsets()), session.user(),
                    session.id(), settings.runs().shell().enabled() ? "on" : "off (--allow-shell turns them on)");
            return server;
        } catch (RuntimeException e) {
            colony.close();
            throw e;
        }
    }

    private static SessionStart start(LaunchSettings settings, StartupThread thread) {
        return new SessionStart(settings.user(), settings.agent(), settings.session(), null,
                System.getProperty("user.dir"), thread.repoRoot(), thread.branch());
    }

    private static Session announce(Colony colony, LaunchSettings settings, StartupThread thread) {
        Session session = colony.sessions().ensure(start(settings, thread));
        LOG.info("{} session {} for {} ({}), store {}", settings.session() == null ? "started" : "resumed",
                session.id(), session.user(), session.agent(), settings.storeLabel());
        return session;
    }

    /** Joins the session to its start-up thread, if there is one; logs rather than fails. */
    private static void joinThread(Colony colony, Session session, StartupThread thread) {
        if (!thread.present()) {
            return;
        }
        try {
            OpenedThread opened = colony.as(session.actor()).tasks().open(thread.repoRoot(), thread.branch());
            LOG.info("session {} {} task thread {} ({} on {})", session.id(),
                    opened.created() ? "opened" : "joined", opened.thread().id(), opened.thread().branch(),
                    opened.thread().repoRoot());
        } catch (RuntimeException e) {
            LOG.warn("could not join the task thread of {} on {}: {}", thread.branch(), thread.repoRoot(),
                    e.getMessage());
        }
    }

    /** The ordered, run-once shutdown shared by the main thread and the shutdown hook. */
    private static final class Shutdown {

        private final OpeningToolHost host;
        private final boolean endSession;
        private final AtomicReference<HookServer> hooks;
        private boolean done;
        private volatile boolean forJvm;

        Shutdown(OpeningToolHost host, boolean endSession, AtomicReference<HookServer> hooks) {
            this.host = host;
            this.endSession = endSession;
            this.hooks = hooks;
        }

        /** Closes because the JVM is exiting (its shutdown hook, or a signal before the hook was registered). */
        void runForJvm() {
            forJvm = true;
            run();
        }

        /** Whether the JVM's exit started the close. */
        boolean forJvm() {
            return forJvm;
        }

        synchronized void run() {
            if (done) {
                return;
            }
            done = true;
            host.stop();
            Optional<ColonyMcpServer> opened = host.awaitOpened(OPEN_WAIT);
            if (opened.isEmpty()) {
                LOG.info("colony MCP server stopped");
                return;
            }
            ColonyMcpServer server = opened.get();
            HookServer hookServer = hooks.getAndSet(null);
            if (hookServer != null) {
                hookServer.close();
            }
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
                server.context().colony().close();
                LOG.info("colony MCP server stopped");
            }
        }
    }
}
