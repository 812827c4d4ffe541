package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.search.MemorySource;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.store.Directory;

/**
 * What every role of one {@link LuceneSearchIndex} shares and none of them owns: the store it indexes, its
 * directory, the Colony's clock and the settings, the analyzer, the lock that serialises indexing work, the
 * foreground work its background work yields to, and whether the index is closed.
 *
 * <p>The work lock serialises role changes, indexing, commits, recovery and closing; the publishing lock of
 * {@link PublishedLayers} is taken after it when both are needed.
 */
final class IndexContext {

    private final MemorySource source;
    private final String storeId;
    private final Path path;
    private final Directory directory;
    private final Clock clock;
    private final LuceneIndexFactory.Settings settings;
    private final MemoryAnalyzer analyzer = new MemoryAnalyzer();
    /** Serialises indexing work: role changes, indexing, commits, recovery and closing. */
    private final ReentrantLock work = new ReentrantLock();
    /** The latency-critical work of this process that background work yields to. */
    private final ForegroundWork foreground = new ForegroundWork();
    private volatile boolean closed;

    IndexContext(MemorySource source, Path path, Directory directory, Clock clock,
            LuceneIndexFactory.Settings settings) {
        this.source = source;
        this.storeId = source.storeId();
        this.path = path;
        this.directory = directory;
        this.clock = clock;
        this.settings = settings;
    }

    MemorySource source() {
        return source;
    }

    String storeId() {
        return storeId;
    }

    /** The index directory's path, or {@code null} for an in-memory index. */
    Path path() {
        return path;
    }

    Directory directory() {
        return directory;
    }

    Clock clock() {
        return clock;
    }

    LuceneIndexFactory.Settings settings() {
        return settings;
    }

    MemoryAnalyzer analyzer() {
        return analyzer;
    }

    /** The lock that serialises indexing work. */
    ReentrantLock work() {
        return work;
    }

    /** The latency-critical work of this process that the background thread and merges yield to. */
    ForegroundWork foreground() {
        return foreground;
    }

    boolean closed() {
        return closed;
    }

    /** Marks the index closed: every role stops at its next check. */
    void markClosed() {
        closed = true;
    }

    void ensureOpen() {
        if (closed) {
            throw new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed");
        }
    }

    ColonyException failure(Throwable cause) {
        if (closed) {
            return new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed", cause);
        }
        return new ColonyException(ErrorCode.SEARCH_FAILURE, "the search index " + where() + " failed: "
                + cause.getMessage(), cause);
    }

    /** The directory, or "(in memory)", for messages. */
    String where() {
        return path == null ? "(in memory)" : path.toString();
    }

    /** {@code millis} plus {@code interval}, capped instead of overflowing. */
    static long plus(long millis, long interval) {
        return millis > Long.MAX_VALUE - interval ? Long.MAX_VALUE : millis + interval;
    }
}
