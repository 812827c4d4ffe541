package dev.colony.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.session.SessionStart;
import dev.colony.mcp.tool.Arguments;
import dev.colony.mcp.tool.ColonyTool;
import dev.colony.mcp.tool.GetObservationsTool;
import dev.colony.mcp.tool.ListSessionsTool;
import dev.colony.mcp.tool.MemoryAddTool;
import dev.colony.mcp.tool.RecallSessionTool;
import dev.colony.mcp.tool.SearchTool;
import dev.colony.mcp.tool.TimelineTool;
import dev.colony.mcp.tool.ToolContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Colony MCP server: mounts the Colony tools for one agent identity and serves them over stdio.
 *
 * <p>{@link #call} runs one tool in-process and turns every outcome into a {@link CallToolResult}:
 * the compact JSON of the result as text, or {@code isError: true} with
 * {@code {"code": "<ErrorCode>", "error": "<message>"}}. {@link #serve} runs the official SDK's stdio
 * transport over the given streams and returns when the input reaches its end (the client went away)
 * or the transport stops. Nothing is written to the output stream but protocol messages; logs go
 * through SLF4J, which this module configures to write to stderr.
 */
public final class ColonyMcpServer {

    /** The server name announced on {@code initialize}. */
    public static final String NAME = "colony";

    /** How often, at most, tool calls move the session's {@code last_seen} forward. */
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(30);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private static final Duration FLUSH_TIMEOUT = Duration.ofSeconds(10);

    private static final String INSTRUCTIONS = "Colony is memory shared by every agent session of your user. "
            + "Search first with specific terms (component names, file paths, exact errors), read only the ids "
            + "you pick with get_observations, walk a known session with list_sessions and timeline, and "
            + "store durable, self-contained knowledge with memory_add.";

    private static final Logger LOG = LoggerFactory.getLogger(ColonyMcpServer.class);

    private final ToolContext context;
    private final Map<String, ColonyTool> tools;
    private final List<String> toolOrder;
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicBoolean clientRecorded = new AtomicBoolean();
    private final AtomicReference<Instant> lastHeartbeat = new AtomicReference<>(Instant.MIN);
    private final Object idle = new Object();
    private int inFlight;

    /** A server with the {@linkplain #defaultTools() default tools}. */
    public ColonyMcpServer(ToolContext context) {
        this(context, defaultTools());
    }

    /** A server with the given tools; their names must be distinct. */
    public ColonyMcpServer(ToolContext context, List<ColonyTool> tools) {
        this.context = Objects.requireNonNull(context, "context");
        Map<String, ColonyTool> byName = new LinkedHashMap<>();
        for (ColonyTool tool : tools) {
            if (byName.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
        this.tools = Map.copyOf(byName);
        this.toolOrder = List.copyOf(byName.keySet());
    }

    /** The tools this version serves: the memory tools of the Colony catalogue and {@code memory_add}. */
    public static List<ColonyTool> defaultTools() {
        return List.of(new SearchTool(), new GetObservationsTool(), new TimelineTool(), new ListSessionsTool(),
                new RecallSessionTool(), new MemoryAddTool());
    }

    /** Who the server acts as. */
    public ToolContext context() {
        return context;
    }

    /** The MCP definitions of the tools, in registration order. */
    public List<McpSchema.Tool> toolDefinitions() {
        return toolOrder.stream().map(name -> definition(tools.get(name))).toList();
    }

    /**
     * Runs one tool call as the server's identity.
     *
     * @param name the tool name
     * @param arguments the arguments as parsed JSON, or {@code null}
     * @return the compact JSON result, or an error result carrying the stable error code
     */
    public CallToolResult call(String name, Map<String, Object> arguments) {
        synchronized (idle) {
            inFlight++;
        }
        try {
            return run(name, arguments);
        } finally {
            synchronized (idle) {
                inFlight--;
                idle.notifyAll();
            }
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

    private CallToolResult run(String name, Map<String, Object> arguments) {
        ColonyTool tool = tools.get(name);
        if (tool == null) {
            return error(ErrorCode.NOT_FOUND, null, "no tool named '" + name + "'; available: "
                    + String.join(", ", toolOrder));
        }
        try {
            Object result = tool.call(context, Arguments.of(arguments, tool.schema().names()));
            heartbeat();
            return CallToolResult.builder().addTextContent(json.writeValueAsString(result)).isError(false).build();
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.INTERNAL || e.code() == ErrorCode.STORAGE_FAILURE
                    || e.code() == ErrorCode.SEARCH_FAILURE) {
                LOG.error("tool {} failed: {}", name, e.getMessage(), e);
            } else {
                LOG.debug("tool {} refused: {}", name, e.getMessage());
            }
            return error(e.code(), e.field(), e.getMessage());
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.error("tool {} failed unexpectedly", name, e);
            return error(ErrorCode.INTERNAL, null, "internal error in " + name + " (" + e.getClass().getSimpleName()
                    + "); the server log has the details");
        }
    }

    /**
     * Serves the tools over the MCP stdio transport until {@code in} ends or the transport stops.
     * Tool calls run one at a time on the thread that reads {@code in}; when the input ends, the
     * responses already queued are written before the transport closes, so a client that sends its
     * requests and closes its end at once still gets every answer. Interrupting the calling thread stops
     * serving too.
     *
     * @param in where requests arrive (the process's stdin)
     * @param out where responses go (the process's stdout); nothing else is written to it
     */
    public void serve(InputStream in, OutputStream out) {
        StopSignal stop = new StopSignal();
        OutboundLedger ledger = new OutboundLedger();
        McpJsonMapper mapper = new JacksonMcpJsonMapper(json);
        Runnable flush = () -> {
            if (!ledger.awaitWritten(FLUSH_TIMEOUT)) {
                LOG.warn("input ended before every response was written");
            }
        };
        StdioServerTransportProvider stdio = new StdioServerTransportProvider(mapper,
                new EndSignallingInputStream(in, flush, stop::fire), ledger.count(out));
        McpSyncServer server = McpServer.sync(new SignallingTransportProvider(stdio, stop::fire, ledger))
                .serverInfo(McpSchema.Implementation.builder(NAME, ColonyVersion.get()).title("Colony").build())
                .instructions(INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(mapper)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(json))
                .validateToolInputs(false)
                // Calls run on the stdin reader thread, one at a time, so that every request read before
                // the end of input has been answered when the end is seen (see OutboundLedger).
                .immediateExecution(true)
                .tools(specifications())
                .build();
        LOG.info("colony MCP server {} serving {} tools as {} (session {})", ColonyVersion.get(), tools.size(),
                context.user(), context.session());
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                server.getAsyncServer().closeGracefully().block(CLOSE_TIMEOUT);
            } catch (RuntimeException e) {
                LOG.warn("MCP transport did not close cleanly: {}", e.toString());
            }
        }
    }

    private List<SyncToolSpecification> specifications() {
        return toolOrder.stream().map(name -> SyncToolSpecification.builder()
                .tool(definition(tools.get(name)))
                .callHandler((exchange, request) -> handle(exchange, request))
                .build()).toList();
    }

    private CallToolResult handle(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        recordClient(exchange);
        return call(request.name(), request.arguments());
    }

    private static McpSchema.Tool definition(ColonyTool tool) {
        return McpSchema.Tool.builder(tool.name(), tool.schema().toMap())
                .description(tool.description())
                .annotations(McpSchema.ToolAnnotations.builder()
                        .readOnlyHint(tool.readOnly())
                        .destructiveHint(false)
                        .openWorldHint(false)
                        .build())
                .build();
    }

    /**
     * Fills in the session's client name from the MCP handshake, once: the session was announced before
     * the client introduced itself, and recall uses the client name to say where a session ran.
     */
    private void recordClient(McpSyncServerExchange exchange) {
        if (exchange == null || !clientRecorded.compareAndSet(false, true)) {
            return;
        }
        McpSchema.Implementation client = exchange.getClientInfo();
        if (client == null || client.name() == null || client.name().isBlank()) {
            return;
        }
        try {
            context.colony().sessions().ensure(new SessionStart(context.user(), context.agent(), context.session(),
                    client.name().strip(), null, null, null));
        } catch (RuntimeException e) {
            LOG.warn("could not record the client name of session {}: {}", context.session(), e.getMessage());
        }
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

    private CallToolResult error(ErrorCode code, String field, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code.id());
        body.put("error", message);
        if (field != null) {
            body.put("field", field);
        }
        String text;
        try {
            text = json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            text = "{\"code\":\"" + code.id() + "\",\"error\":\"unprintable error\"}";
        }
        return CallToolResult.builder().addTextContent(text).isError(true).build();
    }
}
