package dev.colony.hook;

import dev.colony.mcp.LaunchSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The local socket through which a hook hands its work to an MCP server already running on the same
 * store, so that the hook's JVM needs neither the store nor its libraries. One socket per store, in a
 * directory only the OS user can enter; a server binds it when it opens the store and removes it when
 * it stops.
 *
 * <p>The exchange is one request per connection, in lines of UTF-8: a version line, then the store's
 * location, the event, user, agent, session id, working directory, tool name and file path; the answer is the exit code on
 * its first line, then what the hook prints. A hook that finds no server, or whose server fails to
 * answer, does the work itself.
 */
final class HookSocket {

    /** The first line of every request. */
    static final String VERSION = "colony-hook 1";
    /** How long a hook waits for a server's answer before doing the work itself. */
    static final int ANSWER_TIMEOUT_MILLIS = 5_000;

    private HookSocket() {
    }

    /**
     * The socket of the store {@code settings} name: under the temporary directory, in a directory of
     * the OS user, named by a digest of the store's location (Unix socket paths must stay short).
     */
    static Path path(LaunchSettings settings, String osUser) {
        // FNV-1a, 64 bits: no security provider to initialise in the hook's short life. Two stores that
        // share a name are told apart by the store line of the request, which the server checks.
        long hash = 0xcbf29ce484222325L;
        for (byte b : store(settings).getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        String name = Long.toHexString(hash);
        String owner = osUser == null || osUser.isBlank() ? "user" : osUser.replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "colony-hooks-" + owner, name + ".sock");
    }

    /** The store's location as both sides name it: the JDBC URL, or the database file's absolute path. */
    static String store(LaunchSettings settings) {
        return settings.onServer() ? settings.jdbcUrl() : settings.database().toAbsolutePath().normalize().toString();
    }

    /**
     * Creates the socket's directory, entered by the OS user only.
     *
     * @throws IOException when it cannot be made, or exists but is not {@link #trusted}
     */
    static void prepareDirectory(Path socket) throws IOException {
        Path directory = socket.getParent();
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        if (!trusted(directory)) {
            throw new IOException(directory + " is not a private directory of this user");
        }
    }

    /**
     * Whether {@code directory} belongs to this OS user and no one else may write to it: otherwise a
     * socket in it could be another user's, and its answers would reach the agent.
     */
    static boolean trusted(Path directory) {
        try {
            String owner = Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS).getName();
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(directory,
                    LinkOption.NOFOLLOW_LINKS);
            return owner.equals(System.getProperty("user.name"))
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The request lines of one hook call, or empty when a value cannot travel on one line. */
    static Optional<String> request(String store, HookEvent event, String user, String agent, HookPayload payload) {
        List<String> values = List.of(store, event.command(), user, agent, payload.sessionId(),
                payload.cwd() == null ? "" : payload.cwd(), payload.toolName(), payload.filePath());
        StringBuilder request = new StringBuilder(VERSION).append('\n');
        for (String value : values) {
            if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
                return Optional.empty();
            }
            request.append(value).append('\n');
        }
        return Optional.of(request.toString());
    }

    /**
     * Sends {@code request} to the server at {@code socket}; its outcome, or empty when no server
     * listens there or it does not answer in time.
     */
    static Optional<ClaudeHook.Outcome> call(Path socket, String request) {
        if (!Files.exists(socket) || !trusted(socket.getParent())) {
            return Optional.empty();
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(request.getBytes(StandardCharsets.UTF_8)));
            channel.shutdownOutput();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            Thread caller = Thread.currentThread();
            Thread watchdog = new Thread(() -> {
                try {
                    Thread.sleep(ANSWER_TIMEOUT_MILLIS);
                    caller.interrupt();
                } catch (InterruptedException e) {
                    // answered in time
                }
            }, "colony-hook-timeout");
            watchdog.setDaemon(true);
            watchdog.start();
            try {
                Channels.newInputStream(channel).transferTo(answer);
            } finally {
                watchdog.interrupt();
                Thread.interrupted();
            }
            return parse(answer.toString(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** An answer: the exit code line, then the output; empty when malformed. */
    static Optional<ClaudeHook.Outcome> parse(String answer) {
        int end = answer.indexOf('\n');
        if (end < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ClaudeHook.Outcome(Integer.parseInt(answer.substring(0, end)),
                    answer.substring(end + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The answer to send for {@code outcome}. */
    static String answer(ClaudeHook.Outcome outcome) {
        return outcome.exit() + "\n" + outcome.stdout();
    }
}
