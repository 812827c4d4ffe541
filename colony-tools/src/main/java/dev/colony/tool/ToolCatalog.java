package dev.colony.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.ErrorCode;
import dev.colony.api.metric.ToolMetric;
import dev.colony.tool.json.JsonTrees;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools a server offers, as plain JSON that any transport can send: the definitions for
 * {@code tools/list} and the result of each {@code tools/call}.
 *
 * <p>The catalog knows no transport and no SDK types. {@link #definitions()} gives each tool's
 * {@code name}, {@code title}, {@code description}, {@code inputSchema}, {@code outputSchema} and
 * {@code annotations} (its {@link ToolHints}); {@link #call} checks the arguments against the tool's
 * {@link ArgumentSchema}, runs the handler and returns an MCP {@code CallToolResult} object: on success the
 * result record as JSON text in {@code content} and as {@code structuredContent}; on failure {@code isError: true} with
 * {@code {"code", "error", "field"}} as text, the code being the stable {@link ErrorCode}, plus the
 * error's structured details when it has any (the {@code candidates} of an ambiguous choice, say). A request that
 * names no known tool or whose arguments are not an object is not a tool failure: it throws
 * {@link MalformedToolCall} for the transport to answer as invalid params.
 *
 * <p>{@link #start} runs a call and returns its outcome as a future, which a tool that waits completes later
 * (see {@link ToolSpec.AsyncHandler}); cancelling that future cancels the tool's wait. {@link #call} is the same,
 * waiting on the calling thread.
 *
 * <p>Every call of a known tool records one {@link ToolMetric} row in the Colony's
 * {@linkplain dev.colony.core.Colony#metrics() metrics} when its outcome is known: tool, caller, duration, UTF-8
 * bytes of the arguments and of the returned text, estimated tokens, and the error code of a failed call
 * ({@value #CANCELLED} for a call cancelled before it answered). Recording only queues the row, so it adds no
 * storage round trip to the call.
 */
public final class ToolCatalog {

    /** The longest error message a result carries; longer ones are cut (see {@link Echo}). */
    static final int MAX_ERROR_CHARS = 1_024;
    /** The error code a cancelled call is accounted with. */
    public static final String CANCELLED = "CANCELLED";

    private static final Logger LOG = LoggerFactory.getLogger(ToolCatalog.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Map<String, ToolSpec<?, ?>> tools;
    private final ArrayNode definitions;

    /**
     * A catalog of the given tools, in the given order.
     *
     * @throws IllegalArgumentException when two tools share a name
     */
    public ToolCatalog(List<? extends ToolSpec<?, ?>> specs) {
        Map<String, ToolSpec<?, ?>> byName = new LinkedHashMap<>();
        ArrayNode list = NODES.arrayNode();
        for (ToolSpec<?, ?> spec : specs) {
            if (byName.putIfAbsent(spec.name(), spec) != null) {
                throw new IllegalArgumentException("two tools are named " + spec.name());
            }
            list.add(definition(spec));
        }
        this.tools = Collections.unmodifiableMap(byName);
        this.definitions = list;
    }

    /** The tools, in catalog order. */
    public List<ToolSpec<?, ?>> specs() {
        return new ArrayList<>(tools.values());
    }

    /** The tool names, in catalog order. */
    public Set<String> names() {
        return tools.keySet();
    }

    /** The {@code tools} array of a {@code tools/list} result (a fresh copy). */
    public ArrayNode definitions() {
        return definitions.deepCopy();
    }

    /**
     * Runs one call and waits for its outcome.
     *
     * @param context who calls
     * @param name the tool name from the request's params
     * @param arguments the {@code arguments} of the request's params; {@code null}, missing or JSON null
     *         for none
     * @return the outcome: the MCP {@code CallToolResult} JSON, its text and its error code
     * @throws MalformedToolCall when {@code name} is no tool of this catalog or {@code arguments} is not an
     *         object
     */
    public ToolOutcome call(ToolContext context, String name, JsonNode arguments) {
        return Futures.join(start(context, name, arguments));
    }

    /**
     * Runs one call: a tool that answers at once returns a completed future, a tool that waits returns before it
     * is done. The future never fails: a failed call is an outcome with an error. Cancelling it cancels the call.
     *
     * @throws MalformedToolCall as {@link #call}, at once
     */
    public CompletableFuture<ToolOutcome> start(ToolContext context, String name, JsonNode arguments) {
        ToolSpec<?, ?> spec = name == null ? null : tools.get(name);
        if (spec == null) {
            throw new MalformedToolCall("name", name == null ? "name: is required; available tools: " + available()
                    : "name: no tool named " + Echo.quoted(name) + "; available tools: " + available());
        }
        long started = System.nanoTime();
        Instant at = context.colony().clock().instant();
        if (arguments != null && !arguments.isNull() && !arguments.isMissingNode() && !arguments.isObject()) {
            account(context, spec.name(), at, started, arguments, 0, ErrorCode.INVALID_ARGUMENT.id());
            throw new MalformedToolCall("arguments", "arguments: must be an object for tool " + spec.name()
                    + ", was " + ArgumentSchema.describe(arguments));
        }
        CompletableFuture<ToolOutcome> outcome = run(context, spec, arguments);
        outcome.whenComplete((done, failure) -> account(context, spec.name(), at, started, arguments,
                done == null ? 0 : utf8Length(done.text()), done == null ? CANCELLED
                        : done.error() == null ? null : done.error().id()));
        return outcome;
    }

    /**
     * Records the call's {@link ToolMetric} row. Accounting never fails a call: a row that cannot be
     * queued (the Colony is closing) is logged and dropped.
     */
    private static void account(ToolContext context, String tool, Instant at, long started, JsonNode arguments,
            long bytesOut, String error) {
        try {
            long bytesIn = arguments == null || arguments.isMissingNode() ? 0 : utf8Length(arguments.toString());
            context.colony().metrics().record(ToolMetric.of(at, tool, context.user(), context.session(),
                    Duration.ofNanos(System.nanoTime() - started), bytesIn, bytesOut, error));
        } catch (RuntimeException e) {
            LOG.debug("tool metric of {} not recorded: {}", tool, e.toString());
        }
    }

    /** The UTF-8 length of {@code text}, counted without encoding it. */
    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private String available() {
        return String.join(", ", tools.keySet());
    }

    private <A extends Record, R extends Record> CompletableFuture<ToolOutcome> run(ToolContext context,
            ToolSpec<A, R> spec, JsonNode arguments) {
        CompletableFuture<R> result;
        try {
            A checked = spec.arguments().read(arguments);
            result = spec.handler().call(context, checked);
            if (result == null) {
                throw new IllegalStateException(spec.name() + " returned no future");
            }
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(failure(spec, e));
        }
        CompletableFuture<ToolOutcome> outcome = result.handle((value, failure) -> failure == null
                ? outcome(spec, value) : failure(spec, failure instanceof CompletionException && failure.getCause()
                        != null ? failure.getCause() : failure));
        outcome.whenComplete((done, failure) -> {
            if (outcome.isCancelled()) {
                result.cancel(true);
            }
        });
        return outcome;
    }

    /** The outcome of a call that returned {@code result}. */
    private <R extends Record> ToolOutcome outcome(ToolSpec<?, R> spec, R result) {
        try {
            if (result == null) {
                throw new IllegalStateException(spec.name() + " returned null");
            }
            ObjectNode structured = JsonNames.mapper().valueToTree(result);
            String text = JsonTrees.toJson(structured);
            ObjectNode body = NODES.objectNode();
            body.putArray("content").addObject().put("type", "text").put("text", text);
            body.set("structuredContent", structured);
            body.put("isError", false);
            return new ToolOutcome(spec.name(), body, text, null);
        } catch (RuntimeException e) {
            return failure(spec, e);
        }
    }

    /** The outcome of a call that failed with {@code failure}. */
    private static ToolOutcome failure(ToolSpec<?, ?> spec, Throwable failure) {
        if (failure instanceof ColonyException e) {
            if (e.code() == ErrorCode.INTERNAL || e.code() == ErrorCode.STORAGE_FAILURE
                    || e.code() == ErrorCode.SEARCH_FAILURE) {
                LOG.error("tool {} failed: {}", spec.name(), capped(e.getMessage()), e);
            } else {
                LOG.debug("tool {} refused: {}", spec.name(), capped(e.getMessage()));
            }
            ObjectNode payload = errorPayload(e.code(), e.field(), e.getMessage());
            for (Map.Entry<String, Object> detail : e.details().entrySet()) {
                if (!payload.has(detail.getKey())) {
                    payload.set(detail.getKey(), JsonNames.mapper().valueToTree(detail.getValue()));
                }
            }
            ObjectNode body = errorBody(payload);
            return new ToolOutcome(spec.name(), body, body.get("content").get(0).get("text").asText(), e.code());
        }
        if (failure instanceof CancellationException) {
            return error(spec.name(), ErrorCode.UNAVAILABLE, null, spec.name() + " was cancelled before it answered");
        }
        LOG.error("tool {} failed unexpectedly", spec.name(), failure);
        return error(spec.name(), ErrorCode.INTERNAL, null, "internal error in " + spec.name() + " ("
                + failure.getClass().getSimpleName() + "); the server log has the details");
    }

    private static ToolOutcome error(String tool, ErrorCode code, String field, String message) {
        ObjectNode body = errorResult(code, field, message);
        return new ToolOutcome(tool, body, body.get("content").get(0).get("text").asText(), code);
    }

    /**
     * An error {@code CallToolResult}: {@code {"code", "error", "field"?}} as its one text block, with
     * {@code isError: true} and no structured content. The message and field are capped (see
     * {@link Echo}).
     */
    public static ObjectNode errorResult(ErrorCode code, String field, String message) {
        return errorBody(errorPayload(code, field, message));
    }

    /** {@code {"code", "error", "field"?}}, capped. */
    private static ObjectNode errorPayload(ErrorCode code, String field, String message) {
        ObjectNode payload = NODES.objectNode();
        payload.put("code", code.id());
        payload.put("error", capped(message));
        if (field != null) {
            payload.put("field", Echo.capped(field));
        }
        return payload;
    }

    /** The error {@code CallToolResult} whose one text block is {@code payload}. */
    private static ObjectNode errorBody(ObjectNode payload) {
        ObjectNode body = NODES.objectNode();
        body.putArray("content").addObject().put("type", "text").put("text", payload.toString());
        body.put("isError", true);
        return body;
    }

    /** The message cut to {@link #MAX_ERROR_CHARS}, a last guard for messages that echo a long value. */
    static String capped(String message) {
        if (message == null) {
            return "";
        }
        if (message.length() <= MAX_ERROR_CHARS) {
            return message;
        }
        int end = MAX_ERROR_CHARS;
        if (Character.isHighSurrogate(message.charAt(end - 1))) {
            end--;
        }
        return message.substring(0, end) + "…(" + message.length() + " chars)";
    }

    private static ObjectNode definition(ToolSpec<?, ?> spec) {
        ObjectNode tool = NODES.objectNode();
        tool.put("name", spec.name());
        tool.put("title", spec.title());
        tool.put("description", spec.description());
        tool.set("inputSchema", spec.arguments().schema());
        tool.set("outputSchema", spec.result().schema());
        // The title is stated once, at the top (MCP's annotations.title is its older place).
        // Each hint is stated unless it is MCP's default (readOnlyHint false, idempotentHint false) or meaningless
        // (the destructive and idempotent hints of a read-only tool).
        ObjectNode annotations = tool.putObject("annotations");
        ToolHints hints = spec.hints();
        if (hints.readOnly()) {
            annotations.put("readOnlyHint", true);
        } else {
            // Stated even when false: a client reads a missing destructiveHint as true.
            annotations.put("destructiveHint", hints.destructive());
            if (hints.idempotent()) {
                annotations.put("idempotentHint", true);
            }
        }
        annotations.put("openWorldHint", hints.openWorld());
        return tool;
    }
}
