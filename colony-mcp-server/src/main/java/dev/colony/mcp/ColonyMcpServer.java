package dev.colony.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.mcp.transport.ClientChannel;
import dev.colony.mcp.transport.ToolHost;
import dev.colony.tool.Futures;
import dev.colony.tool.MalformedToolCall;
import dev.colony.tool.ToolCatalog;
import dev.colony.tool.ToolContext;
import dev.colony.tool.ToolGuidance;
import dev.colony.tool.ToolOutcome;
import dev.colony.tool.ToolSpec;
import dev.colony.tool.Toolset;
import dev.colony.tool.json.JsonTrees;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Colony tools for one agent identity, as the stdio transport serves them.
 *
 * <p>The tools themselves are a {@link ToolCatalog} of declarative {@link ToolSpec}s, which speaks plain
 * JSON; this class is the glue around it: it acts as one identity ({@link ToolContext}), keeps the
 * session's heartbeat, counts calls in flight and records the client's name. {@link #call} returns the
 * MCP {@code CallToolResult}: the result record as JSON text and as {@code structuredContent}, or
 * {@code isError: true} with {@code {"code", "error", "field"}}; {@link #start} returns it as a future, which a
 * tool that waits completes later without holding a thread. Calls may run concurrently. The tool
 * definitions, the server's identity and its instructions do not depend on the store and are also
 * available statically, so that {@code initialize} and {@code tools/list} can be answered before the
 * store is open (see {@link OpeningToolHost}).
 */
public final class ColonyMcpServer implements ToolHost {

    /** The server name announced on {@code initialize}. */
    public static final String NAME = "colony";

    /** How often, at most, tool calls move the session's {@code last_seen} forward. */
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(30);

    private static final Logger LOG = LoggerFactory.getLogger(ColonyMcpServer.class);

    private final ToolContext context;
    private final ToolCatalog catalog;
    private final ArrayNode definitions;
    private final String instructions;
    private final AtomicBoolean clientRecorded = new AtomicBoolean();
    /** When this server last moved the session's last_seen (or saw it moved: {@link #sessionSeen}). */
    private final AtomicReference<Instant> lastHeartbeat = new AtomicReference<>(Instant.MIN);
    private final Object idle = new Object();
    private int inFlight;

    /** A server with the {@linkplain #tools(boolean) tools} its Colony can serve (shell runs when it executes them). */
    public ColonyMcpServer(ToolContext context) {
        this(context, tools(context.colony().executesShellRuns()));
    }

    /** A server with the given tools; their names must be distinct. */
    public ColonyMcpServer(ToolContext context, List<? extends ToolSpec<?, ?>> tools) {
        this(context, new ToolCatalog(tools));
    }

    /** A server with the tools of {@code catalog} (built once, and shared with an {@link OpeningToolHost}). */
    public ColonyMcpServer(ToolContext context, ToolCatalog catalog) {
        this.context = Objects.requireNonNull(context, "context");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.definitions = catalog.definitions();
        this.instructions = guidance(catalog.specs());
    }

    /**
     * The session's {@code last_seen} was moved to {@code at} (it was just announced): calls heartbeat only
     * {@link #HEARTBEAT_INTERVAL} after it, so the first call does not write the session again.
     */
    public void sessionSeen(Instant at) {
        lastHeartbeat.set(Objects.requireNonNull(at, "at"));
    }

    /**
     * The tools a server with default settings serves: {@link #tools(boolean)} without shell runs, which are off
     * until the operator enables them.
     */
    public static List<ToolSpec<?, ?>> defaultTools() {
        return tools(false);
    }

    /**
     * The tools a server serves when told no toolsets: those of {@link Toolset#defaults()}, toolset by toolset. A
     * server that runs no shell commands ({@code shell} false) lists none of what only serves them.
     */
    public static List<ToolSpec<?, ?>> tools(boolean shell) {
        return tools(Toolset.defaults(), shell);
    }

    /** The tools of the given toolsets, as {@link #tools(boolean)} orders them. */
    public static List<ToolSpec<?, ?>> tools(Set<Toolset> toolsets, boolean shell) {
        return Toolset.tools(toolsets, shell);
    }

    /** The {@code serverInfo} this server announces. */
    public static ObjectNode describeServer() {
        ObjectNode info = JsonNodeFactory.instance.objectNode();
        info.put("name", NAME);
        info.put("title", "Colony");
        info.put("version", ColonyVersion.get());
        return info;
    }

    /** How the model should use every tool, sent with the {@code initialize} answer of a server that mounts all. */
    public static String guidance() {
        return guidance(tools(true));
    }

    /**
     * How the model should use {@code mounted}, sent with the {@code initialize} answer (see {@link ToolGuidance}).
     */
    public static String guidance(List<? extends ToolSpec<?, ?>> mounted) {
        return ToolGuidance.of(mounted);
    }

    /** The MCP definitions of {@code tools}, in the given order. */
    public static ArrayNode definitions(List<? extends ToolSpec<?, ?>> tools) {
        return new ToolCatalog(tools).definitions();
    }

    /** Who the server acts as. */
    public ToolContext context() {
        return context;
    }

    /** The tools this server serves. */
    public ToolCatalog catalog() {
        return catalog;
    }

    @Override
    public ObjectNode serverInfo() {
        return describeServer();
    }

    @Override
    public String instructions() {
        return instructions;
    }

    @Override
    public ArrayNode tools() {
        return definitions;
    }

    @Override
    public boolean hasTool(String name) {
        return catalog.names().contains(name);
    }

    /** Runs one tool call with arguments given as a map (an in-process convenience). */
    public ObjectNode call(String name, Map<String, Object> arguments) {
        return callJson(name, arguments == null ? null : JsonTrees.fromValue(arguments));
    }

    /**
     * Runs one tool call as the server's identity.
     *
     * @param name the tool name
     * @param arguments the arguments object
     * @return the MCP {@code CallToolResult}
     */
    @Override
    public ObjectNode call(String name, ObjectNode arguments) {
        return callJson(name, arguments);
    }

    /**
     * Runs one tool call as the server's identity, with the arguments as sent, and waits for its answer.
     *
     * @param name the tool name
     * @param arguments the {@code arguments} of the request; {@code null} for none
     * @return the MCP {@code CallToolResult}
     * @throws MalformedToolCall when no tool has that name or the arguments are not an object (the
     *         transport refuses such requests before they get here)
     */
    public ObjectNode callJson(String name, JsonNode arguments) {
        return Futures.join(startJson(name, arguments));
    }

    /** Starts one tool call as the server's identity; a call that waits answers later (see {@link #call}). */
    @Override
    public CompletableFuture<ObjectNode> start(String name, ObjectNode arguments) {
        return startJson(name, arguments);
    }

    private CompletableFuture<ObjectNode> startJson(String name, JsonNode arguments) {
        synchronized (idle) {
            inFlight++;
        }
        CompletableFuture<ToolOutcome> outcome;
        try {
            heartbeat();
            outcome = catalog.start(context, name, arguments);
        } catch (RuntimeException | Error e) {
            left();
            throw e;
        }
        outcome.whenComplete((done, failure) -> left());
        return Futures.map(outcome, ToolOutcome::result);
    }

    /** A call is over: answered, failed or cancelled. */
    private void left() {
        synchronized (idle) {
            inFlight--;
            idle.notifyAll();
        }
    }

    /**
     * Waits until no tool call is running, at most {@code timeout}; used before the Colony is closed so
     * that a call the client sent just before leaving still completes its transaction.
     *
     * @return whether the server is idle
     */
    public boolean awaitIdle(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (inFlight > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    idle.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Runs one keyword search as this server's identity and drops its hits, so that the client's first search
     * does not pay for loading the search path (several hundred classes: most of a cold search's time). Called
     * in the background once the store is open; failures are only logged, the client's search meets them again.
     */
    public void warmUp() {
        try {
            context.memories().search(SearchQuery.of("colony").withLimit(1).withMode(SearchMode.KEYWORD));
        } catch (RuntimeException e) {
            LOG.debug("warming up the search path failed: {}", e.toString());
        }
    }

    /**
     * Fills in the session's client name from the MCP handshake, once: the session was announced before
     * the client introduced itself, and recall uses the client name to say where a session ran.
     */
    @Override
    public void clientConnected(String name, String version) {
        if (name == null || name.isBlank() || !clientRecorded.compareAndSet(false, true)) {
            return;
        }
        try {
            context.colony().sessions().ensure(new SessionStart(context.user(), context.agent(), context.session(),
                    name.strip(), null, null, null));
        } catch (RuntimeException e) {
            LOG.warn("could not record the client name of session {}: {}", context.session(), e.getMessage());
        }
    }

    /** As {@link #clientConnected(String, String)}; a client that declared elicitation is asked questions. */
    @Override
    public void clientConnected(String name, String version, ClientChannel channel) {
        if (channel.declared("elicitation")) {
            context.questions().connect(channel::request);
        }
        clientConnected(name, version);
    }

    private void heartbeat() {
        Instant now = context.colony().clock().instant();
        Instant last = lastHeartbeat.get();
        if (now.isBefore(last.plus(HEARTBEAT_INTERVAL)) || !lastHeartbeat.compareAndSet(last, now)) {
            return;
        }
        try {
            context.sessions().heartbeat(context.session());
        } catch (RuntimeException e) {
            LOG.warn("heartbeat of session {} failed: {}", context.session(), e.getMessage());
        }
    }

    /** An error result: {@code {"code", "error", "field"?}} as text, with {@code isError: true}. */
    static ObjectNode errorResult(ErrorCode code, String field, String message) {
        return ToolCatalog.errorResult(code, field, message);
    }
}
