package dev.colony.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.mcp.transport.JsonRpcCodec.Fault;
import dev.colony.mcp.transport.JsonRpcCodec.Inbound;
import dev.colony.mcp.transport.JsonRpcCodec.Notification;
import dev.colony.mcp.transport.JsonRpcCodec.Request;
import dev.colony.mcp.transport.JsonRpcCodec.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An MCP server over a pair of byte streams (stdin and stdout), one JSON-RPC message per line.
 *
 * <p>The thread that calls {@link #serve} reads and decodes the input. It answers {@code initialize},
 * {@code ping} and {@code tools/list} itself, from what the {@link ToolHost} knows without I/O (the tool list is
 * asked of the host and encoded once per connection, then sent as those bytes every time), and hands
 * every {@code tools/call} to a bounded pool, so calls overlap and a slow one delays nothing else. A call that
 * waits (for runs, for an answer) returns its pool thread at once and is answered when its future completes
 * ({@link ToolHost#start}). When the calls pending reach the pool's threads and queue together, a call is refused
 * at once with a busy error rather than blocking the reader. {@code notifications/cancelled} drops a call that
 * has not started, cancels the wait of one that waits (releasing what it holds), and suppresses the answer of
 * one that runs (a running call is never interrupted: it may be inside a store transaction).
 *
 * <p>JSON-RPC as MCP has it: until {@code initialize} is answered, every request but {@code ping} is refused
 * with {@value JsonRpcCodec#SERVER_NOT_INITIALIZED}; a second {@code initialize} is refused as an invalid request;
 * every answer carries its request's id as the JSON text the client sent.
 *
 * <p>The end of input closes the inbound side only: the calls already accepted run to the end and
 * their answers are written before {@link #serve} returns (bounded by
 * {@link TransportLimits#drainTimeout()}, after which the calls still waiting are cancelled). One server serves
 * one connection, once.
 */
public final class StdioServer {

    /** How serving ended. */
    public enum Outcome {
        /** The client closed the input; everything accepted was answered. */
        END_OF_INPUT,
        /** Reading the input failed; the server could not go on. */
        INPUT_FAILED
    }

    /** The protocol versions this server speaks, newest first. */
    static final List<String> PROTOCOL_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    private static final Logger LOG = LoggerFactory.getLogger(StdioServer.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ToolHost host;
    private final TransportLimits limits;
    private final JsonRpcCodec codec = new JsonRpcCodec();
    private final Map<Object, Call> running = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonNode>> awaitingClient = new ConcurrentHashMap<>();
    private final AtomicLong nextRequest = new AtomicLong();
    private volatile JsonNode clientCapabilities = NODES.objectNode();
    /** Whether {@code initialize} was answered; read and written by the reading thread only. */
    private boolean initialized;
    private ThreadPoolExecutor pool;
    private Outbound outbound;
    /**
     * The result of {@code tools/list}, encoded once on a thread of its own, begun when {@code initialize} is
     * answered; every {@code tools/list} is answered with these bytes once they are ready, without holding the
     * reading thread or a call thread while the host builds its list.
     */
    private final CompletableFuture<byte[]> toolList = new CompletableFuture<>();
    private final AtomicBoolean toolListBegun = new AtomicBoolean();

    /** A server for {@code host} with the given limits. */
    public StdioServer(ToolHost host, TransportLimits limits) {
        this.host = Objects.requireNonNull(host, "host");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Serves until {@code in} ends, then waits for the accepted calls, writes their answers and closes
     * {@code out}.
     *
     * @param in the client's messages (stdin)
     * @param out where the answers go (stdout); nothing else is written to it
     * @return how serving ended
     */
    public Outcome serve(InputStream in, OutputStream out) {
        synchronized (this) {
            if (pool != null) {
                throw new IllegalStateException("a StdioServer serves one connection");
            }
            outbound = new Outbound(out, codec.factory());
            pool = new ThreadPoolExecutor(limits.callThreads(), limits.callThreads(), 30, TimeUnit.SECONDS,
                    new ArrayBlockingQueue<>(limits.queuedCalls()), new CallThreads());
            pool.allowCoreThreadTimeOut(true);
        }
        BoundedLineReader reader = new BoundedLineReader(in, limits.maxLineBytes());
        Outcome outcome = Outcome.END_OF_INPUT;
        try {
            for (BoundedLineReader.Line line = reader.next(); line != null; line = reader.next()) {
                dispatch(codec.decode(line));
            }
            LOG.debug("end of input");
        } catch (IOException e) {
            LOG.error("reading the input failed: {}", e.toString());
            outcome = Outcome.INPUT_FAILED;
        } finally {
            drain();
        }
        return outcome;
    }

    private void drain() {
        long deadline = System.nanoTime() + limits.drainTimeout().toNanos();
        pool.shutdown();
        try {
            if (pool.awaitTermination(limits.drainTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                awaitAnswers(deadline);
            }
            if (!running.isEmpty()) {
                LOG.warn("{} tool calls were still running {} after the input ended; their answers are dropped",
                        running.size(), limits.drainTimeout());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            for (Object key : List.copyOf(running.keySet())) {
                Call left = running.remove(key);
                if (left != null) {
                    left.cancel();
                }
            }
            IllegalStateException ended = new IllegalStateException("the client disconnected before it answered");
            awaitingClient.values().forEach(future -> future.completeExceptionally(ended));
            outbound.close();
        }
    }

    /** Waits until every accepted call was answered (or cancelled), at most until {@code deadline}. */
    private void awaitAnswers(long deadline) throws InterruptedException {
        for (Call call : List.copyOf(running.values())) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                call.answered.get(left, TimeUnit.NANOSECONDS);
            } catch (ExecutionException | CancellationException | TimeoutException e) {
                // answered as it could be, cancelled, or still waiting: the caller cancels what is left
            }
        }
    }

    /**
     * Routes the client's answer to the server request it answers, on the call pool (what follows an answer is a
     * tool's work, never the reading thread's); answers to nothing asked are ignored.
     */
    private void answered(Response response) {
        CompletableFuture<JsonNode> waiting = response.id().isTextual() ? awaitingClient.remove(response.id()
                .textValue()) : null;
        if (waiting == null) {
            LOG.debug("ignored a response to request {}", response.id());
        } else if (response.error() != null) {
            JsonNode message = response.error().get("message");
            IllegalStateException refused = new IllegalStateException("the client refused the request: "
                    + (message == null ? response.error().toString() : message.asText()));
            onPool(() -> waiting.completeExceptionally(refused));
        } else {
            JsonNode result = response.result() == null ? NODES.nullNode() : response.result();
            onPool(() -> waiting.complete(result));
        }
    }

    /** Runs {@code work} on the call pool, or here when the pool takes no more work. */
    private void onPool(Runnable work) {
        try {
            pool.execute(work);
        } catch (RejectedExecutionException e) {
            work.run();
        }
    }

    /** The channel to this connection's client. */
    private final ClientChannel channel = new ClientChannel() {
        @Override
        public boolean declared(String capability) {
            return clientCapabilities.has(capability);
        }

        @Override
        public CompletableFuture<JsonNode> request(String method, ObjectNode params) {
            String id = "colony-" + nextRequest.incrementAndGet();
            CompletableFuture<JsonNode> answer = new CompletableFuture<>();
            answer.whenComplete((result, failure) -> awaitingClient.remove(id));
            awaitingClient.put(id, answer);
            outbound.request(NODES.textNode(id), method, params);
            return answer;
        }
    };

    private void dispatch(Inbound message) {
        if (message instanceof Request request) {
            try {
                answer(request);
            } catch (RuntimeException e) {
                LOG.error("{} failed", JsonRpcCodec.echo(request.method()), e);
                outbound.error(request.id(), JsonRpcCodec.INTERNAL_ERROR, "Internal error in "
                        + JsonRpcCodec.echo(request.method()) + "; the server log has the details");
            }
        } else if (message instanceof Notification notification) {
            notified(notification);
        } else if (message instanceof Fault fault) {
            LOG.debug("refused a line: {}", fault.message());
            outbound.error(fault.id(), fault.code(), fault.message());
        } else if (message instanceof Response response) {
            answered(response);
        }
    }

    private void answer(Request request) {
        String method = request.method();
        if (!initialized && !method.equals("initialize") && !method.equals("ping")) {
            outbound.error(request.id(), JsonRpcCodec.SERVER_NOT_INITIALIZED, "Server not initialized: send "
                    + "initialize first; only ping is answered before it");
            return;
        }
        switch (method) {
            case "tools/call" -> call(request);
            case "ping" -> outbound.result(request.id(), NODES.objectNode());
            case "tools/list" -> listTools(request.id());
            case "initialize" -> initialize(request);
            default -> outbound.error(request.id(), JsonRpcCodec.METHOD_NOT_FOUND, "Method not found: "
                    + JsonRpcCodec.echo(request.method()));
        }
    }

    /** Answers {@code tools/list} with the prepared result: at once when it is ready, else as soon as it is. */
    private void listTools(JsonNode id) {
        prepareToolList().whenComplete((encoded, failure) -> {
            if (failure == null) {
                outbound.result(id, encoded);
            } else {
                LOG.error("the tool list could not be encoded", failure);
                outbound.error(id, JsonRpcCodec.INTERNAL_ERROR, "Internal error in tools/list; the server log has the "
                        + "details");
            }
        });
    }

    /** The encoded {@code tools/list} result to come; the first call begins encoding it. */
    private CompletableFuture<byte[]> prepareToolList() {
        if (toolListBegun.compareAndSet(false, true)) {
            Thread encoding = new Thread(() -> {
                try {
                    ObjectNode result = NODES.objectNode();
                    result.set("tools", host.tools());
                    toolList.complete(outbound.encode(result));
                } catch (IOException | RuntimeException | Error e) {
                    toolList.completeExceptionally(e);
                }
            }, "colony-tool-list");
            encoding.setDaemon(true);
            encoding.start();
        }
        return toolList;
    }

    private void initialize(Request request) {
        if (initialized) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_REQUEST, "Invalid request: this connection is "
                    + "already initialized; initialize is sent once");
            return;
        }
        JsonNode params = request.params();
        if (params != null && !params.isObject()) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_PARAMS, "initialize: params must be an object");
            return;
        }
        JsonNode requested = params == null ? null : params.get("protocolVersion");
        String version = requested != null && requested.isTextual() && PROTOCOL_VERSIONS.contains(requested.textValue())
                ? requested.textValue() : PROTOCOL_VERSIONS.get(0);
        ObjectNode result = NODES.objectNode();
        result.put("protocolVersion", version);
        result.putObject("capabilities").putObject("tools").put("listChanged", false);
        result.set("serverInfo", host.serverInfo());
        String instructions = host.instructions();
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        JsonNode capabilities = params == null ? null : params.get("capabilities");
        if (capabilities != null && capabilities.isObject()) {
            clientCapabilities = capabilities;
        }
        outbound.result(request.id(), result);
        initialized = true;
        prepareToolList();
        JsonNode client = params == null ? null : params.get("clientInfo");
        String clientName = text(client, "name");
        String clientVersion = text(client, "version");
        submit(() -> host.clientConnected(clientName, clientVersion, channel));
    }

    private static String text(JsonNode object, String field) {
        JsonNode value = object == null ? null : object.get(field);
        return value != null && value.isTextual() && JsonRpcCodec.validUnicode(value.textValue())
                ? value.textValue() : null;
    }

    private void call(Request request) {
        JsonNode params = request.params();
        if (params == null || !params.isObject()) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_PARAMS, "tools/call needs params "
                    + "{\"name\": <tool>, \"arguments\": {...}}" + (params == null ? "" : ", was " + JsonRpcCodec.kind(params)));
            return;
        }
        JsonNode nameNode = params.get("name");
        if (nameNode == null || !nameNode.isTextual()) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_PARAMS, "tools/call: name must be a string naming a "
                    + "tool" + (nameNode == null ? "" : ", was " + JsonRpcCodec.kind(nameNode)));
            return;
        }
        String name = nameNode.textValue();
        if (!host.hasTool(name)) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_PARAMS, "Unknown tool: " + JsonRpcCodec.echo(name)
                    + "; tools/list names the tools of this server");
            return;
        }
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_PARAMS, "tools/call " + name + ": arguments must be "
                    + "an object, was " + JsonRpcCodec.kind(arguments));
            return;
        }
        ObjectNode args = arguments == null || arguments.isNull() ? NODES.objectNode() : (ObjectNode) arguments;
        Call call = new Call(request.id());
        int pendingLimit = limits.callThreads() + limits.queuedCalls();
        if (running.size() >= pendingLimit) {
            busy(request.id());
            return;
        }
        if (running.putIfAbsent(JsonRpcCodec.key(request.id()), call) != null) {
            outbound.error(request.id(), JsonRpcCodec.INVALID_REQUEST, "Invalid request: id " + request.id()
                    + " belongs to a call that is still running");
            return;
        }
        call.task = new FutureTask<>(() -> run(call, name, args), null);
        try {
            pool.execute(call.task);
        } catch (RejectedExecutionException e) {
            running.remove(JsonRpcCodec.key(request.id()), call);
            busy(request.id());
        }
    }

    private void busy(JsonNode id) {
        outbound.error(id, JsonRpcCodec.SERVER_BUSY, "Server busy: " + limits.callThreads() + " calls are running "
                + "and " + limits.queuedCalls() + " more are waiting; try again shortly");
    }

    private void run(Call call, String name, ObjectNode arguments) {
        if (call.cancelled) {
            return;
        }
        CompletableFuture<ObjectNode> answer;
        try {
            answer = host.start(name, arguments);
            if (answer == null) {
                throw new IllegalStateException("the host started no call");
            }
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        call.answer = answer;
        if (call.cancelled) {
            answer.cancel(true);
        }
        answer.whenComplete((result, failure) -> finish(call, name, result, failure))
                .whenComplete((done, failure) -> call.answered.complete(null));
    }

    /** Writes the answer of a call, unless it was cancelled. */
    private void finish(Call call, String name, ObjectNode result, Throwable failure) {
        if (!running.remove(JsonRpcCodec.key(call.id), call)) {
            LOG.debug("call {} was cancelled; its answer is dropped", call.id);
            return;
        }
        if (failure != null || result == null) {
            LOG.error("tool {} failed", name, failure);
            outbound.error(call.id, JsonRpcCodec.INTERNAL_ERROR, "Internal error in tool " + name
                    + "; the server log has the details");
        } else {
            outbound.result(call.id, result);
        }
    }

    private void notified(Notification notification) {
        if (notification.method().equals("notifications/cancelled")) {
            JsonNode requestId = notification.params() == null ? null : notification.params().get("requestId");
            Call call = requestId == null ? null : running.remove(JsonRpcCodec.key(requestId));
            if (call != null) {
                call.cancel();
                LOG.debug("cancelled call {}", requestId);
            }
        } else if (!notification.method().equals("notifications/initialized")) {
            LOG.debug("ignored notification {}", JsonRpcCodec.echo(notification.method()));
        }
    }

    private void submit(Runnable work) {
        try {
            pool.execute(() -> {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    LOG.warn("background work after initialize failed: {}", e.toString());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.warn("no room to record the client; skipped");
        }
    }

    /** One accepted tool call. */
    private static final class Call {

        final JsonNode id;
        /** Completed once the call's answer was written or dropped. */
        final CompletableFuture<Void> answered = new CompletableFuture<>();
        volatile boolean cancelled;
        volatile FutureTask<Void> task;
        /** The call's answer to come, once its tool started. */
        volatile CompletableFuture<ObjectNode> answer;

        Call(JsonNode id) {
            this.id = id;
        }

        /** Drops the call if it has not started, ends its wait if it waits; its answer is never written. */
        void cancel() {
            cancelled = true;
            FutureTask<Void> started = task;
            if (started != null) {
                started.cancel(false);
            }
            CompletableFuture<ObjectNode> waiting = answer;
            if (waiting != null) {
                waiting.cancel(true);
            }
            answered.complete(null);
        }
    }

    /** Daemon threads named after their role, so a stuck call never keeps the JVM alive. */
    private static final class CallThreads implements ThreadFactory {

        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable work) {
            Thread thread = new Thread(work, "colony-call-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
