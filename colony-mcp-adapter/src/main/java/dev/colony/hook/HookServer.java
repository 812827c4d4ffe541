package dev.colony.hook;

import dev.colony.api.ColonyException;
import dev.colony.api.UserId;
import dev.colony.core.Colony;
import dev.colony.mcp.LaunchSettings;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves hooks for a store an MCP server has open: each connection on {@link HookSocket} is one hook
 * call, run with {@link ClaudeHook} on the server's own Colony (warm classes, open connections), on its
 * own daemon thread. The first server of a store to start binds the socket; the others leave it to it,
 * and a socket left behind by a server that died is taken over. Closing removes the socket.
 */
public final class HookServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HookServer.class);
    /** The largest request read: nine short lines. */
    private static final int MAX_REQUEST_BYTES = 64 * 1024;

    private final Colony colony;
    private final String store;
    private final Path socket;
    private final ServerSocketChannel channel;
    private final AtomicLong served = new AtomicLong();

    private HookServer(Colony colony, String store, Path socket, ServerSocketChannel channel) {
        this.colony = colony;
        this.store = store;
        this.socket = socket;
        this.channel = channel;
    }

    /**
     * Starts serving hooks for {@code colony}, the store {@code settings} name; empty when another
     * server already serves this store, or the socket cannot be made (hooks then open the store
     * themselves).
     */
    public static Optional<HookServer> start(Colony colony, LaunchSettings settings) {
        Path socket = HookSocket.path(settings, System.getProperty("user.name"));
        try {
            HookSocket.prepareDirectory(socket);
            if (Files.exists(socket)) {
                if (listening(socket)) {
                    return Optional.empty();
                }
                Files.deleteIfExists(socket);
            }
            ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            channel.bind(UnixDomainSocketAddress.of(socket));
            HookServer server = new HookServer(colony, HookSocket.store(settings), socket, channel);
            Thread accept = new Thread(server::accept, "colony-hooks");
            accept.setDaemon(true);
            accept.start();
            LOG.info("serving Claude Code hooks for this store on {}", socket);
            return Optional.of(server);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            LOG.info("not serving hooks ({}): hooks will open the store themselves", e.getMessage());
            return Optional.empty();
        }
    }

    private static boolean listening(Path socket) {
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The socket this server listens on. */
    public Path socket() {
        return socket;
    }

    /** How many hook requests for this store this server took (counted before each answer is sent). */
    public long served() {
        return served.get();
    }

    private void accept() {
        while (channel.isOpen()) {
            try {
                SocketChannel connection = channel.accept();
                Thread worker = new Thread(() -> serve(connection), "colony-hook-call");
                worker.setDaemon(true);
                worker.start();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.warn("hook socket accept failed: {}", e.getMessage());
                return;
            }
        }
    }

    private void serve(SocketChannel connection) {
        try (connection) {
            byte[] bytes;
            try (InputStream in = Channels.newInputStream(connection)) {
                bytes = in.readNBytes(MAX_REQUEST_BYTES);
                ClaudeHook.Outcome outcome = run(new String(bytes, StandardCharsets.UTF_8));
                connection.write(ByteBuffer.wrap(HookSocket.answer(outcome).getBytes(StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            LOG.debug("a hook call ended early: {}", e.getMessage());
        }
    }

    /**
     * One request: its outcome, or a failure outcome (exit 1, which the hook turns into its own run),
     * also for a request meant for another store whose socket name collides with this one's.
     */
    private ClaudeHook.Outcome run(String request) {
        List<String> lines = request.lines().toList();
        if (lines.size() != 9 || !lines.get(0).equals(HookSocket.VERSION) || !lines.get(1).equals(store)) {
            return new ClaudeHook.Outcome(HookMain.EXIT_FAILURE, "");
        }
        served.incrementAndGet();
        Optional<HookEvent> event = HookEvent.ofCommand(lines.get(2));
        HookPayload payload = new HookPayload(lines.get(5), lines.get(6).isEmpty() ? null : lines.get(6),
                lines.get(7), lines.get(8));
        Optional<ClaudeHook.Place> place = ClaudeHook.place(payload);
        if (event.isEmpty() || place.isEmpty()) {
            return new ClaudeHook.Outcome(0, "");
        }
        try {
            return ClaudeHook.run(event.get(), payload, place.get(), colony, UserId.of(lines.get(3)), lines.get(4));
        } catch (ColonyException e) {
            LOG.warn("hook {} failed: {}", event.get().command(), e.getMessage());
            return new ClaudeHook.Outcome(HookMain.EXIT_FAILURE, "");
        }
    }

    /** Stops serving and removes the socket. */
    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            LOG.debug("could not remove the hook socket {}: {}", socket, e.getMessage());
        }
    }
}
