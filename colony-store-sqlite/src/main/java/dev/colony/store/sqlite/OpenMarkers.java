package dev.colony.store.sqlite;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells whether a process ended without closing a store, so that the next open can check the file.
 *
 * <p>Every process that has the store open keeps a marker file in the directory beside the database
 * ({@code colony.db.open/}), holds an operating-system lock on it for as long as the store is open,
 * and deletes it when it closes the store. The operating system releases the lock however the process
 * ends, so a marker nobody holds was left by a process that was killed, crashed or lost its power with
 * the store open. Many processes open one store at once: each looks only at markers nobody holds, so a
 * process that closes, or one that starts, never looks unclean to the others, and of two processes
 * that start together and find the same left-over marker only the one that locks it first checks.
 *
 * <p>Within one JVM the markers it holds or is looking at are remembered, and never opened a second
 * time: closing any channel on a file releases every lock this process holds on it.
 */
final class OpenMarkers {

    /** The name of a marker file ends with this. */
    private static final String SUFFIX = ".open";
    /** A marker is written under this suffix and renamed once locked, so nobody sees it unlocked. */
    private static final String PARTIAL_SUFFIX = ".partial";
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Markers this JVM holds or is examining. */
    private static final Set<Path> HERE = ConcurrentHashMap.newKeySet();

    private OpenMarkers() {
    }

    /** The directory of the markers of {@code database}: beside it, named after it with {@code .open}. */
    static Path directory(Path database) {
        return database.resolveSibling(database.getFileName() + SUFFIX);
    }

    /**
     * Locks every marker of {@code database} that no process holds: the markers of processes that ended
     * with the store open. The caller deletes them once the file is found sound, or closes the result
     * to leave them for the next open.
     */
    static Stale claimStale(Path database) throws IOException {
        Path directory = directory(database);
        List<Held> claimed = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return new Stale(claimed);
        }
        try (DirectoryStream<Path> markers = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            for (Path marker : markers) {
                Held held = claimIfAbandoned(marker.toAbsolutePath());
                if (held != null) {
                    claimed.add(held);
                }
            }
        } catch (IOException | RuntimeException e) {
            new Stale(claimed).close();
            throw e;
        }
        return new Stale(claimed);
    }

    /** Locks {@code marker} when no process holds it and it still exists; {@code null} otherwise. */
    private static Held claimIfAbandoned(Path marker) throws IOException {
        if (!HERE.add(marker)) {
            return null;
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(marker, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            // A marker deleted between listing and locking was closed cleanly: its owner deletes, then unlocks.
            if (lock != null && Files.exists(marker)) {
                return new Held(marker, channel);
            }
        } catch (NoSuchFileException | OverlappingFileLockException gone) {
            // closed cleanly meanwhile, or locked by this JVM under another name: not abandoned
        } catch (IOException | RuntimeException e) {
            release(marker, channel);
            throw e;
        }
        release(marker, channel);
        return null;
    }

    /**
     * Creates and locks the marker of this opening of {@code database}; {@link Held#delete()} removes it
     * when the store closes.
     */
    static Held enter(Path database) throws IOException {
        Path directory = Files.createDirectories(directory(database));
        byte[] random = new byte[6];
        RANDOM.nextBytes(random);
        String name = ProcessHandle.current().pid() + "-" + HexFormat.of().formatHex(random);
        Path marker = directory.resolve(name + SUFFIX).toAbsolutePath();
        Path partial = directory.resolve(name + PARTIAL_SUFFIX);
        HERE.add(marker);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            channel.lock();
            Files.move(partial, marker, StandardCopyOption.ATOMIC_MOVE);
            return new Held(marker, channel);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            release(marker, channel);
            throw e;
        }
    }

    private static void release(Path marker, FileChannel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // the lock goes with the channel either way
        } finally {
            HERE.remove(marker);
        }
    }

    /** A marker file this JVM holds locked. */
    static final class Held {

        private final Path marker;
        private final FileChannel channel;

        private Held(Path marker, FileChannel channel) {
            this.marker = marker;
            this.channel = channel;
        }

        /** Deletes the marker, then unlocks it: nobody can take it for one left by a process that ended. */
        void delete() throws IOException {
            try {
                Files.deleteIfExists(marker);
            } finally {
                release(marker, channel);
            }
        }

        /** Unlocks the marker and leaves it in place. */
        void unlock() {
            release(marker, channel);
        }
    }

    /** The markers left by processes that ended with the store open, locked by this JVM. */
    static final class Stale implements AutoCloseable {

        private final List<Held> markers;

        private Stale(List<Held> markers) {
            this.markers = markers;
        }

        /** How many processes ended with the store open (as far as their markers tell). */
        int count() {
            return markers.size();
        }

        /** Deletes the markers: the file was found sound. */
        void delete() throws IOException {
            IOException failure = null;
            for (Held held : markers) {
                try {
                    held.delete();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            markers.clear();
            if (failure != null) {
                throw failure;
            }
        }

        /** Unlocks the markers that were not deleted, leaving them for the next open. */
        @Override
        public void close() {
            for (Held held : markers) {
                held.unlock();
            }
            markers.clear();
        }
    }
}
