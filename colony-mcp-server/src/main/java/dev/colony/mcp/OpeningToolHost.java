package dev.colony.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.mcp.transport.ClientChannel;
import dev.colony.mcp.transport.ToolHost;
import dev.colony.tool.Futures;
import dev.colony.tool.ToolCatalog;
import dev.colony.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ToolHost} that answers the handshake at once and opens the store in the background.
 *
 * <p>Opening a Colony (the SQLite file, a schema check, the Lucene index) takes longer than an MCP
 * client's first request should wait. The server's identity, its instructions and the tool definitions
 * need none of it, so they are answered from the static catalogue (which may itself still be built on a thread
 * of its own: {@code tools/list} and a call wait for it); tool calls wait until the store is open. Opening
 * begins at {@link #begin()}, which the server calls at launch: most of an opening is loading the classes of the
 * store and the index, about a second on two busy cores, and the client's first call should not wait for all of
 * it; the handshake itself needs none of those classes. A host nobody began opens at the {@code initialize} answer
 * or the first tool call. When opening fails, every call returns an error result saying why, and
 * {@link #failure()} tells the process to exit with a non-zero code.
 */
public final class OpeningToolHost implements ToolHost {

    private static final Logger LOG = LoggerFactory.getLogger(OpeningToolHost.class);

    private final CompletableFuture<ToolCatalog> catalog;
    private final Supplier<ColonyMcpServer> opener;
    private final AtomicBoolean begun = new AtomicBoolean();
    private final CompletableFuture<ColonyMcpServer> opening = new CompletableFuture<>();

    /**
     * A host that opens with {@code opener} once {@link #begin()} is called, which the first
     * {@code initialize} answer or tool call does by itself.
     *
     * @param tools the tools the opened server will serve (for the definitions before it is open)
     * @param opener opens the store and builds the server; its exception becomes every call's error
     */
    public OpeningToolHost(List<? extends ToolSpec<?, ?>> tools, Supplier<ColonyMcpServer> opener) {
        this(CompletableFuture.completedFuture(new ToolCatalog(tools)), opener);
    }

    /**
     * A host for the tools of {@code catalog}, which the opened server should serve too (so that their
     * definitions are built once), and which may still be in the making: the tool list and tool calls wait for it.
     *
     * @param catalog the tools the opened server will serve
     * @param opener opens the store and builds the server; its exception becomes every call's error
     */
    public OpeningToolHost(CompletableFuture<ToolCatalog> catalog, Supplier<ColonyMcpServer> opener) {
        this.catalog = catalog;
        this.opener = opener;
    }

    /**
     * Starts opening on a background thread, once; later calls, and calls after {@link #stop()}, do nothing. Once
     * open, the same thread {@linkplain ColonyMcpServer#warmUp() warms up} the search path.
     */
    public void begin() {
        if (!begun.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                ColonyMcpServer server = opener.get();
                opening.complete(server);
                server.warmUp();
            } catch (RuntimeException | Error e) {
                if (e instanceof ColonyException) {
                    LOG.error("the Colony store could not be opened: {}", e.getMessage());
                } else {
                    LOG.error("the Colony store could not be opened", e);
                }
                opening.completeExceptionally(e);
            }
        }, "colony-open");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Makes sure no opening begins from now on (the server is shutting down): a store opened during the
     * shutdown would start loading the embedding model while the process exits. Tool calls that come later
     * are answered with {@code CLOSED}; an opening already under way goes on ({@link #awaitOpened} waits
     * for it).
     */
    public void stop() {
        if (begun.compareAndSet(false, true)) {
            opening.complete(null);
        }
    }

    @Override
    public ObjectNode serverInfo() {
        return ColonyMcpServer.describeServer();
    }

    @Override
    public String instructions() {
        return ColonyMcpServer.guidance(catalog.join().specs());
    }

    @Override
    public ArrayNode tools() {
        return catalog.join().definitions();
    }

    @Override
    public boolean hasTool(String name) {
        return catalog.join().names().contains(name);
    }

    @Override
    public ObjectNode call(String name, ObjectNode arguments) {
        return Futures.join(start(name, arguments));
    }

    @Override
    public CompletableFuture<ObjectNode> start(String name, ObjectNode arguments) {
        begin();
        ColonyMcpServer server;
        try {
            server = opening.join();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            ErrorCode code = cause instanceof ColonyException colony ? colony.code() : ErrorCode.STORAGE_FAILURE;
            return CompletableFuture.completedFuture(ColonyMcpServer.errorResult(code, null, "the Colony store could "
                    + "not be opened, so no tool can run: " + cause.getMessage()));
        }
        if (server == null) {
            return CompletableFuture.completedFuture(ColonyMcpServer.errorResult(ErrorCode.CLOSED, null,
                    "the server is shutting down"));
        }
        return server.start(name, arguments);
    }

    @Override
    public void clientConnected(String name, String version) {
        clientConnected(name, version, ClientChannel.NONE);
    }

    @Override
    public void clientConnected(String name, String version, ClientChannel channel) {
        begin();
        opened().ifPresent(server -> server.clientConnected(name, version, channel));
    }

    /** Waits for opening to end; the server when it succeeded. */
    private Optional<ColonyMcpServer> opened() {
        try {
            return Optional.ofNullable(opening.join());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Waits at most {@code timeout} for opening to end.
     *
     * @return the server when the store opened, empty when opening failed, is still under way, never
     *     began or was stopped before it began
     */
    public Optional<ColonyMcpServer> awaitOpened(Duration timeout) {
        if (!begun.get()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(opening.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (ExecutionException | TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Why opening failed, when it did. */
    public Optional<Throwable> failure() {
        if (!opening.isCompletedExceptionally()) {
            return Optional.empty();
        }
        try {
            opening.join();
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(e.getCause() == null ? e : e.getCause());
        }
    }
}
