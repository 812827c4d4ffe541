package dev.colony.store.jdbc;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes schema migrations of one database: between threads and providers of this JVM with an
 * in-memory lock, and between processes with an operating-system lock on a file beside the
 * database. Flyway alone does not make two processes that create a fresh SQLite schema at the same
 * moment safe; with this lock the second one finds the schema up to date.
 */
final class MigrationLock implements AutoCloseable {

    private static final ConcurrentHashMap<String, ReentrantLock> LOCAL = new ConcurrentHashMap<>();

    private final ReentrantLock local;
    private final FileChannel channel;
    private final FileLock fileLock;

    private MigrationLock(ReentrantLock local, FileChannel channel, FileLock fileLock) {
        this.local = local;
        this.channel = channel;
        this.fileLock = fileLock;
    }

    static MigrationLock acquire(String databaseKey, Optional<Path> lockFile) throws IOException {
        ReentrantLock local = LOCAL.computeIfAbsent(databaseKey, key -> new ReentrantLock());
        local.lock();
        if (lockFile.isEmpty()) {
            return new MigrationLock(local, null, null);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lockFile.get(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock fileLock = channel.lock();
            return new MigrationLock(local, channel, fileLock);
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            local.unlock();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (fileLock != null) {
                fileLock.release();
            }
        } finally {
            try {
                if (channel != null) {
                    channel.close();
                }
            } finally {
                local.unlock();
            }
        }
    }
}
