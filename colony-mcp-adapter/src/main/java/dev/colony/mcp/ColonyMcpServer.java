package dev.colony.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import dev.colony.mcp.transport.ToolHost;
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
 * The Colony tools for one agent identity, as the stdio transport serves them.
 *
 * <p>{@link #call} runs one tool in-process and turns every outcome into an MCP {@code CallToolResult}:
 * the compact JSON of the result as text, or {@code isError: true} with
 * {@code {"code": "<ErrorCode>", "error": "<message>"}}. Calls may run concurrently. The tool
 * definitions, the server's identity and its instructions do not depend on the store and are also
 * available statically, so that {@code initialize} and {@code tools/list} can be answered before the
 * store is open (see {@link OpeningToolHost}).
 */
public final class ColonyMcpServer implements ToolHost {

    /** The server name announced on {@code initialize}. */
    public static final String NAME = "colony";

    /** How often, at most, tool calls move the session's {@code last_seen} forward. */
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(30);

    private static final String INSTRUCTIONS = "Colony is memory shared by every agent session of your user. "
            + "Search first with specific terms (component names, file paths, exact errors), read only the ids "
            + "you pick with get_observations, walk a known session with list_sessions and timeline, and "
            + "store durable, self-contained knowledge with memory_add.";

    private static final Logger LOG = LoggerFactory.getLogger(ColonyMcpServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> ARGUMENT_MAP = new TypeReference<>() {
    };

    private final ToolContext context;
    private final Map<String, ColonyTool> tools;
    private final ArrayNode definitions;
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
        this.tools = byName(tools);
        this.definitions = definitions(tools);
    }

    /** The tools this version serves: the memory tools of the Colony catalogue and {@code memory_add}. */
    public static List<ColonyTool> defaultTools() {
        return List.of(new SearchTool(), new GetObservationsTool(), new TimelineTool(), new ListSessionsTool(),
                new RecallSessionTool(), new MemoryAddTool());
    }

    /** The {@code serverInfo} this server announces. */
    public static ObjectNode describeServer() {
        ObjectNode info = JsonNodeFactory.instance.objectNode();
        info.put("name", NAME);
        info.put("title", "Colony");
        info.put("version", ColonyVersion.get());
        return info;
    }

    /** How the model should use the tools, sent with the {@code initialize} answer. */
    public static String guidance() {
        return INSTRUCTIONS;
    }

    /** The MCP definitions of {@code tools}, in the given order. */
    public static ArrayNode definitions(List<ColonyTool> tools) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (ColonyTool tool : byName(tools).values()) {
            ObjectNode definition = array.addObject();
            definition.put("name", tool.name());
            definition.put("description", tool.description());
            definition.set("inputSchema", JSON.valueToTree(tool.schema().toMap()));
            ObjectNode annotations = definition.putObject("annotations");
            annotations.put("readOnlyHint", tool.readOnly());
            annotations.put("destructiveHint", false);
            annotations.put("openWorldHint", false);
        }
        return array;
    }

    private static Map<String, ColonyTool> byName(List<ColonyTool> tools) {
        Map<String, ColonyTool> byName = new LinkedHashMap<>();
        for (ColonyTool tool : tools) {
            if (byName.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
        return byName;
    }

    /** Who the server acts as. */
    public ToolContext context() {
        return context;
    }

    @Override
    public ObjectNode serverInfo() {
        return describeServer();
    }

    @Override
    public String instructions() {
        return INSTRUCTIONS;
    }

    @Override
    public ArrayNode tools() {
        return definitions;
    }

    @Override
    public boolean hasTool(String name) {
        return tools.containsKey(name);
    }

    /** Runs one tool call with arguments given as a map (an in-process convenience). */
    public ObjectNode call(String name, Map<String, Object> arguments) {
        return call(name, arguments == null ? JSON.createObjectNode() : JSON.<ObjectNode>valueToTree(arguments));
    }

    /**
     * Runs one tool call as the server's identity.
     *
     * @param name the tool name
     * @param arguments the arguments object
     * @return the compact JSON result, or an error result carrying the stable error code
     */
    @Override
    public ObjectNode call(String name, ObjectNode arguments) {
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

    private ObjectNode run(String name, ObjectNode arguments) {
        ColonyTool tool = tools.get(name);
        if (tool == null) {
            return errorResult(ErrorCode.NOT_FOUND, null, "no tool named '" + name + "'; available: "
                    + String.join(", ", tools.keySet()));
        }
        try {
            Map<String, Object> map = arguments == null ? null : JSON.convertValue(arguments, ARGUMENT_MAP);
            Object result = tool.call(context, Arguments.of(map, tool.schema().names()));
            heartbeat();
            return textResult(JSON.writeValueAsString(result), false);
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.INTERNAL || e.code() == ErrorCode.STORAGE_FAILURE
                    || e.code() == ErrorCode.SEARCH_FAILURE) {
                LOG.error("tool {} failed: {}", name, e.getMessage(), e);
            } else {
                LOG.debug("tool {} refused: {}", name, e.getMessage());
            }
            return errorResult(e.code(), e.field(), e.getMessage());
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.error("tool {} failed unexpectedly", name, e);
            return errorResult(ErrorCode.INTERNAL, null, "internal error in " + name + " ("
                    + e.getClass().getSimpleName() + "); the server log has the details");
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

    /** An MCP tool result holding one text block. */
    static ObjectNode textResult(String text, boolean isError) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        result.put("isError", isError);
        return result;
    }

    /** An error result: {@code {"code", "error", "field"?}} as text, with {@code isError: true}. */
    static ObjectNode errorResult(ErrorCode code, String field, String message) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("code", code.id());
        body.put("error", message);
        if (field != null) {
            body.put("field", field);
        }
        return textResult(body.toString(), true);
    }
}
