package dev.colony.hook.client;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The spool directory through which a hook hands its work to the MCP server that has the same store
 * open: one directory per store, in a directory only the OS user may enter. A hook writes its request
 * as {@code <id>.tmp} and renames it {@code <id>.req} (so the server never reads half a request); the
 * server renames it {@code <id>.work} to take it, and answers with {@code <id>.ans}, written the same
 * way. The serving server touches {@value #ALIVE} every second; a hook whose server has not touched it
 * for {@value #ALIVE_WITHIN_MILLIS} ms does the work itself.
 *
 * <p>Why files rather than a socket: a hook is a fresh JVM per edit, and opening a local socket costs a
 * cold JVM some 40 ms (the socket classes, and the random generator behind them) against well under a
 * millisecond for a few file operations of {@code java.io}, whose classes every JVM has loaded at start.
 * Liveness uses the file's modification time, which is the operating system's wall clock on both sides.
 */
public final class HookSpool {

    /** The file the serving server touches every {@value #HEARTBEAT_MILLIS} ms. */
    public static final String ALIVE = "server.alive";
    /** The file whose lock makes one server of the store the one that serves. */
    public static final String LOCK = "server.lock";
    /** A request being written. */
    public static final String WRITING = ".tmp";
    /** A request ready to be taken. */
    public static final String REQUEST = ".req";
    /** A request a server has taken. */
    public static final String TAKEN = ".work";
    /** An answer being written. */
    public static final String ANSWERING = ".atmp";
    /** An answer ready to be read. */
    public static final String ANSWER = ".ans";
    /** How often the serving server touches {@link #ALIVE}. */
    public static final long HEARTBEAT_MILLIS = 1_000;
    /** How recent {@link #ALIVE} must be for a hook to hand its work over. */
    public static final long ALIVE_WITHIN_MILLIS = 3_000;
    /** How long a hook waits for its answer before doing the work itself. */
    public static final long ANSWER_TIMEOUT_MILLIS = 5_000;

    private final File directory;

    private HookSpool(File directory) {
        this.directory = directory;
    }

    /**
     * The spool of the store {@code storeKey} ({@link StoreLocation#key()}): under {@code tmpDir}, in a
     * directory of the OS user, named by a digest of the key (FNV-1a, 64 bits: no security provider to
     * start in a hook's short life; two keys that share a digest are told apart by the request, which
     * names the store and which the server checks).
     */
    public static HookSpool of(String storeKey, String osUser, String tmpDir) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : storeKey.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        String owner = osUser == null || osUser.isBlank() ? "user" : osUser.replaceAll("[^A-Za-z0-9._-]", "_");
        return new HookSpool(new File(new File(tmpDir, "colony-hooks-" + owner), Long.toHexString(hash)));
    }

    /** The spool's directory. */
    public Path directory() {
        return directory.toPath();
    }

    /** A file of the spool. */
    public File file(String name) {
        return new File(directory, name);
    }

    /**
     * Creates the spool's directory and its parent, entered by the OS user only.
     *
     * @throws IOException when they cannot be made, or exist but are not {@link #trusted}
     */
    public void prepare() throws IOException {
        for (Path dir : new Path[] {directory.toPath().getParent(), directory.toPath()}) {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            if (!trusted(dir)) {
                throw new IOException(dir + " is not a private directory of this user");
            }
        }
    }

    /**
     * Whether {@code dir} is a directory of this OS user that no one else may write to: otherwise the
     * files in it could be another user's, and their answers would reach the agent. This is the rule of
     * {@code dev.colony.api.PrivateDirectory#distrust}, restated here because this module depends on
     * nothing but the JDK; a test holds the two to the same verdicts.
     */
    static boolean trusted(Path dir) {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                    && Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** Whether a server serves this spool: its heartbeat is recent, and the spool and its parent are trusted. */
    boolean served(long nowMillis) {
        long touched = file(ALIVE).lastModified();
        return touched > 0 && nowMillis - touched <= ALIVE_WITHIN_MILLIS && trusted(directory.toPath())
                && trusted(directory.toPath().getParent());
    }

    /**
     * Hands {@code request} to the serving server and waits for its answer: the answer's bytes, or empty
     * when no server serves, or it does not answer within {@code timeoutMillis} (the request is then
     * withdrawn if it was not taken yet).
     */
    Optional<byte[]> exchange(byte[] request, long timeoutMillis) {
        if (!served(System.currentTimeMillis())) {
            return Optional.empty();
        }
        try {
            String id = Long.toString(System.nanoTime(), 36);
            File writing = file(id + WRITING);
            for (int attempt = 1; !writing.createNewFile(); attempt++) {
                id = Long.toString(System.nanoTime(), 36) + "-" + attempt;
                writing = file(id + WRITING);
            }
            try (OutputStream out = new FileOutputStream(writing)) {
                out.write(request);
            }
            File ready = file(id + REQUEST);
            if (!writing.renameTo(ready)) {
                writing.delete();
                return Optional.empty();
            }
            File answer = file(id + ANSWER);
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            long nextLivenessCheck = System.nanoTime() + ALIVE_WITHIN_MILLIS * 1_000_000L;
            while (!answer.isFile()) {
                long now = System.nanoTime();
                if (now > deadline || now > nextLivenessCheck && !served(System.currentTimeMillis())) {
                    ready.delete();
                    return Optional.empty();
                }
                if (now > nextLivenessCheck) {
                    nextLivenessCheck = now + ALIVE_WITHIN_MILLIS * 1_000_000L;
                }
                Thread.sleep(1);
            }
            byte[] bytes;
            try (InputStream in = new FileInputStream(answer)) {
                bytes = in.readAllBytes();
            }
            answer.delete();
            return Optional.of(bytes);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
