package dev.colony.mcp.transport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;

/**
 * What the stdio transport serves: the server's identity, its tool definitions and the tool calls.
 *
 * <p>{@link #serverInfo()}, {@link #instructions()} and {@link #hasTool} are asked on the thread that reads the
 * input, to answer {@code initialize} and to vet a {@code tools/call}; {@link #tools()} once per connection, on a
 * thread of its own, to prepare the {@code tools/list} answer. None may wait for a store to open. {@link #start} and
 * {@link #clientConnected} run on the transport's call pool, several at a time, and may block; a call that waits
 * (for runs, for an answer) should rather return from {@link #start} at once and complete its future later, so
 * that it holds no thread of the pool while it waits.
 */
public interface ToolHost {

    /** The {@code serverInfo} of the {@code initialize} answer: at least {@code name} and {@code version}. */
    ObjectNode serverInfo();

    /** Guidance for the model on how to use the tools, or {@code null} for none. */
    String instructions();

    /**
     * The tool definitions sent as {@code tools/list}'s {@code tools} array; the caller must not modify it. Asked
     * once per connection: the transport encodes the answer once and sends those bytes for every
     * {@code tools/list} (the list does not change while a connection is served).
     */
    ArrayNode tools();

    /** Whether a tool of this name exists; a call to any other name is refused as invalid params. */
    boolean hasTool(String name);

    /**
     * Runs one tool call. Failures of the tool (bad arguments, a refused write, a store that could not
     * be opened) come back as a result with {@code isError: true}; an exception thrown here is answered as
     * a JSON-RPC internal error.
     *
     * @param name a name for which {@link #hasTool} is true
     * @param arguments the call's arguments, an empty object when the client sent none
     * @return the MCP {@code CallToolResult}: {@code content}, {@code isError} and optionally
     *     {@code structuredContent}
     */
    ObjectNode call(String name, ObjectNode arguments);

    /**
     * Starts one tool call; its answer, as {@link #call} returns it, comes with the future, which the transport
     * cancels when the client cancels the call (the host then stops waiting and releases what the call holds). By
     * default the call runs here, on the calling thread.
     *
     * @param name a name for which {@link #hasTool} is true
     * @param arguments the call's arguments, an empty object when the client sent none
     * @return the MCP {@code CallToolResult} to come; an exceptional completion is answered as an internal error
     */
    default CompletableFuture<ObjectNode> start(String name, ObjectNode arguments) {
        return CompletableFuture.completedFuture(call(name, arguments));
    }

    /**
     * A client has been answered {@code initialize}. Runs on the call pool after the answer was sent;
     * a host may start its slower preparations here.
     *
     * @param name the client's name, or {@code null} when it gave none
     * @param version the client's version, or {@code null}
     */
    default void clientConnected(String name, String version) {
    }

    /**
     * A client has been answered {@code initialize}, as {@link #clientConnected(String, String)}, with the channel
     * that sends it the server's own requests. By default only the name and version are passed on.
     */
    default void clientConnected(String name, String version, ClientChannel channel) {
        clientConnected(name, version);
    }
}
