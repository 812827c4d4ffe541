package dev.colony.hook;

import dev.colony.api.ColonyException;
import dev.colony.core.Colony;
import dev.colony.hook.client.HookAnswer;
import dev.colony.hook.client.HookRequest;
import dev.colony.hook.client.HookSpool;
import dev.colony.launch.LaunchSettings;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the hooks of a store an MCP server has open: each request in the store's {@link HookSpool} is
 * one hook call, run with {@link ClaudeHook} on the server's own Colony (warm classes, open
 * connections), on its own daemon thread. Of several servers on one store, the one holding the spool's
 * lock serves; when it stops or dies the lock is free and another takes over within a second. The
 * serving server touches the spool's heartbeat every second, takes requests as the directory watch
 * reports them (and on a 250 ms poll where the platform's watch is slow), and every ten seconds removes
 * what crashed hooks or servers left behind.
 *
 * <p>Heartbeats and sweeps use the operating system's wall clock, not the store's injected clock: they
 * are about processes on this machine, compared with file modification times.
 */
public final class HookServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HookServer.class);
    /** The longest wait for the directory watch before looking at the spool anyway. */
    static final long POLL_MILLIS = 250;
    /** How often leftovers are swept. */
    static final long SWEEP_MILLIS = 10_000;
    /** How old a spool file must be to count as left behind. */
    static final long STALE_MILLIS = 30_000;
    /** The largest request read: a payload carries the edit's text, which may be long. */
    static final long MAX_REQUEST_BYTES = 64L * 1024 * 1024;

    private final Colony colony;
    private final String store;
    private final HookSpool spool;
    private final FileChannel lockFile;
    private final WatchService watcher;
    private final AtomicLong served = new AtomicLong();
    private final Thread loop;
    private volatile FileLock lock;
    private volatile boolean closed;

    private HookServer(Colony colony, String store, HookSpool spool, FileChannel lockFile, WatchService watcher) {
        this.colony = colony;
        this.store = store;
        this.spool = spool;
        this.lockFile = lockFile;
        this.watcher = watcher;
        this.loop = new Thread(this::loop, "colony-hooks");
        this.loop.setDaemon(true);
    }

    /**
     * Starts serving hooks for {@code colony}, the store {@code settings} name, now if no other server
     * serves it, else as soon as that server stops; empty when the spool cannot be made or trusted
     * (hooks then open the store themselves).
     */
    public static Optional<HookServer> start(Colony colony, LaunchSettings settings) {
        String store = settings.location().key();
        HookSpool spool = HookSpool.of(store, System.getProperty("user.name"), System.getProperty("java.io.tmpdir"));
        FileChannel lockFile = null;
        try {
            spool.prepare();
            lockFile = FileChannel.open(spool.file(HookSpool.LOCK).toPath(), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            WatchService watcher = spool.directory().getFileSystem().newWatchService();
            spool.directory().register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            HookServer server = new HookServer(colony, store, spool, lockFile, watcher);
            if (!server.takeLock()) {
                LOG.info("another server serves this store's hooks; this one takes over when it stops");
            }
            server.loop.start();
            return Optional.of(server);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            LOG.info("not serving hooks ({}): hooks will open the store themselves", e.getMessage());
            closeQuietly(lockFile);
            return Optional.empty();
        }
    }

    /** The spool this server serves, or waits to serve. */
    public HookSpool spool() {
        return spool;
    }

    /** Whether this server is the one serving its store's hooks. */
    public boolean serving() {
        return lock != null && !closed;
    }

    /** How many hook requests for this store this server answered. */
    public long served() {
        return served.get();
    }

    private boolean takeLock() {
        try {
            FileLock taken = lockFile.tryLock();
            if (taken == null) {
                return false;
            }
            lock = taken;
            beat();
            LOG.info("serving Claude Code hooks for this store in {}", spool.directory());
            return true;
        } catch (OverlappingFileLockException e) {
            return false;
        } catch (IOException e) {
            LOG.debug("could not lock the hook spool: {}", e.getMessage());
            return false;
        }
    }

    private void loop() {
        long nextBeat = System.currentTimeMillis() + HookSpool.HEARTBEAT_MILLIS;
        long nextSweep = 0;
        while (!closed) {
            if (lock != null || takeLock()) {
                long now = System.currentTimeMillis();
                if (now >= nextBeat) {
                    beat();
                    nextBeat = now + HookSpool.HEARTBEAT_MILLIS;
                }
                if (now >= nextSweep) {
                    sweep(now);
                    nextSweep = now + SWEEP_MILLIS;
                }
                takeRequests();
            }
            try {
                WatchKey key = watcher.poll(lock == null ? HookSpool.HEARTBEAT_MILLIS : POLL_MILLIS,
                        TimeUnit.MILLISECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            }
        }
    }

    /** Tells hooks this server is alive. */
    private void beat() {
        File alive = spool.file(HookSpool.ALIVE);
        try {
            if (!alive.exists()) {
                alive.createNewFile();
            }
        } catch (IOException e) {
            LOG.debug("could not create the hook heartbeat: {}", e.getMessage());
        }
        alive.setLastModified(System.currentTimeMillis());
    }

    /** Takes every waiting request (a rename only one server can win) and answers each on its own thread. */
    private void takeRequests() {
        File[] ready = spool.directory().toFile().listFiles((dir, name) -> name.endsWith(HookSpool.REQUEST));
        if (ready == null) {
            return;
        }
        for (File request : ready) {
            String id = request.getName().substring(0, request.getName().length() - HookSpool.REQUEST.length());
            File taken = spool.file(id + HookSpool.TAKEN);
            if (request.renameTo(taken)) {
                Thread worker = new Thread(() -> serve(id, taken), "colony-hook-call");
                worker.setDaemon(true);
                worker.start();
            }
        }
    }

    private void serve(String id, File taken) {
        HookAnswer answer;
        try {
            answer = taken.length() > MAX_REQUEST_BYTES ? failure() : answer(read(taken));
        } catch (IOException e) {
            LOG.debug("unreadable hook request {}: {}", id, e.getMessage());
            answer = failure();
        } finally {
            taken.delete();
        }
        File writing = spool.file(id + HookSpool.ANSWERING);
        try (OutputStream out = new FileOutputStream(writing)) {
            out.write(answer.encode());
        } catch (IOException e) {
            LOG.debug("could not answer hook request {}: {}", id, e.getMessage());
            writing.delete();
            return;
        }
        if (!writing.renameTo(spool.file(id + HookSpool.ANSWER))) {
            writing.delete();
        }
    }

    private static HookRequest read(File taken) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(taken.toPath()))) {
            return HookRequest.decode(in);
        }
    }

    /**
     * One request's answer; a failure (exit 1, on which the hook runs itself) for a request of another
     * store whose spool name collides with this one's, or one this server cannot run.
     */
    HookAnswer answer(HookRequest request) {
        if (!request.store().equals(store)) {
            return failure();
        }
        Optional<HookEvent> event = HookEvent.ofCommand(request.event());
        HookPayload payload;
        try {
            payload = HookPayload.read(new ByteArrayInputStream(request.payload()));
        } catch (IOException e) {
            return failure();
        }
        Optional<ClaudeHook.Place> place = ClaudeHook.place(payload);
        if (event.isEmpty() || place.isEmpty()) {
            served.incrementAndGet();
            return HookAnswer.QUIET;
        }
        try {
            LaunchSettings settings = HookMain.settings(request.options(), request.env(), request.system());
            if (!settings.location().key().equals(store)) {
                return failure();
            }
            HookAnswer answer = ClaudeHook.run(event.get(), payload, place.get(), colony, settings.user(),
                    settings.agent());
            served.incrementAndGet();
            return answer;
        } catch (ColonyException e) {
            LOG.warn("hook {} failed: {}", event.get().command(), e.getMessage());
            return failure();
        }
    }

    private static HookAnswer failure() {
        return new HookAnswer(HookAnswer.EXIT_FAILURE, "");
    }

    /** Removes requests and answers nobody came back for: hooks or servers that died mid-call. */
    private void sweep(long now) {
        File[] files = spool.directory().toFile().listFiles((dir, name) -> name.endsWith(HookSpool.WRITING)
                || name.endsWith(HookSpool.REQUEST) || name.endsWith(HookSpool.TAKEN)
                || name.endsWith(HookSpool.ANSWERING) || name.endsWith(HookSpool.ANSWER));
        if (files == null) {
            return;
        }
        for (File file : files) {
            long modified = file.lastModified();
            if (modified > 0 && now - modified > STALE_MILLIS) {
                file.delete();
            }
        }
    }

    /** Stops serving: hooks see no heartbeat at once, and another server of the store may take over. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(watcher);
        try {
            loop.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (lock != null) {
            spool.file(HookSpool.ALIVE).delete();
        }
        closeQuietly(lockFile);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.debug("closing {} failed: {}", closeable, e.getMessage());
        }
    }
}
