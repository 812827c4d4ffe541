package dev.colony.core.internal.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The one lock every write to a repository's spec files runs under: a lock per real root path within this JVM
 * (file locks are held per process, so threads of one JVM need their own), then an exclusive lock on
 * {@code openspec/.lock} against other processes. The lock file is created {@code rw-r--r--} and opened without
 * following a link.
 */
final class SpecLock {

    /** The lock file's name, in {@code openspec/}. */
    static final String FILE_NAME = ".lock";

    private static final ConcurrentMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private SpecLock() {
    }

    /** Runs {@code work} holding the repository's lock; creates {@code openspec/} when needed. */
    static <T> T holding(RepoFiles files, Supplier<T> work) {
        ReentrantLock local = IN_PROCESS.computeIfAbsent(files.root(), root -> new ReentrantLock());
        local.lock();
        try {
            Path file = files.directories("openspec").resolve(FILE_NAME);
            Optional<BasicFileAttributes> existing = files.attributes(file);
            if (existing.isPresent()) {
                files.refuseLink(file, existing.get());
            }
            try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), files.filePermissions())) {
                FileLock held = channel.lock();
                try {
                    return work.get();
                } finally {
                    held.release();
                }
            } catch (IOException e) {
                throw ColonyException.about(ErrorCode.INVALID_ARGUMENT, "repo_root", "cannot lock "
                        + files.relative(file) + " (" + e.getClass().getSimpleName() + ")");
            }
        } finally {
            local.unlock();
        }
    }
}
