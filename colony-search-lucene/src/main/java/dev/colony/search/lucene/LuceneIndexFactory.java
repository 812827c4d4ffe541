package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndexFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Opens {@link LuceneSearchIndex}es; obtained from {@link LuceneSearch}. Immutable: the
 * {@code with…} methods return adjusted copies, so one factory can be shared.
 */
public final class LuceneIndexFactory implements SearchIndexFactory {

    /** Where the index lives. */
    enum Placement {
        BESIDE_STORE,
        AT_PATH,
        IN_MEMORY
    }

    private final Placement placement;
    private final Path path;
    private final Clock clock;
    private final Duration takeoverInterval;
    private final int batchSize;

    LuceneIndexFactory(Placement placement, Path path) {
        this(placement, path, Clock.systemUTC(), LuceneSearch.DEFAULT_TAKEOVER_INTERVAL,
                LuceneSearch.DEFAULT_BATCH_SIZE);
    }

    private LuceneIndexFactory(Placement placement, Path path, Clock clock, Duration takeoverInterval,
            int batchSize) {
        this.placement = placement;
        this.path = path;
        this.clock = clock;
        this.takeoverInterval = takeoverInterval;
        this.batchSize = batchSize;
    }

    /** A copy that reads time from {@code newClock} (used to pace write-lock takeover attempts). */
    public LuceneIndexFactory withClock(Clock newClock) {
        if (newClock == null) {
            throw ColonyException.invalid("clock", "must not be null");
        }
        return new LuceneIndexFactory(placement, path, newClock, takeoverInterval, batchSize);
    }

    /**
     * A copy whose indexes, while another process holds the write lock, try to take it over at most
     * once per {@code interval} (checked when a search runs). Zero tries at every search.
     */
    public LuceneIndexFactory withTakeoverInterval(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw ColonyException.invalid("takeoverInterval", "must be zero or positive, was " + interval);
        }
        return new LuceneIndexFactory(placement, path, clock, interval, batchSize);
    }

    /** A copy that reads at most {@code size} memories from the store per catch-up batch. */
    public LuceneIndexFactory withBatchSize(int size) {
        if (size <= 0) {
            throw ColonyException.invalid("batchSize", "must be positive, was " + size);
        }
        return new LuceneIndexFactory(placement, path, clock, takeoverInterval, size);
    }

    /** The directory an index over {@code source} would use, or empty for an in-memory index. */
    public Optional<Path> directoryFor(MemorySource source) {
        switch (placement) {
            case AT_PATH:
                return Optional.of(path);
            case BESIDE_STORE:
                return source.location().map(LuceneSearch::indexDirectoryBeside);
            default:
                return Optional.empty();
        }
    }

    /**
     * Opens the index for {@code source} and brings it up to date: creates it, rebuilds it when it
     * is unusable, takes the write lock when no other process holds it, and catches up with the
     * store.
     *
     * @throws ColonyException {@code SEARCH_FAILURE} when the index cannot be opened; store failures
     *     pass through unchanged
     */
    @Override
    public LuceneSearchIndex open(MemorySource source) {
        if (source == null) {
            throw ColonyException.invalid("source", "must not be null");
        }
        return LuceneSearchIndex.open(source, directoryFor(source).orElse(null), clock,
                takeoverInterval.toMillis(), batchSize);
    }

    @Override
    public String toString() {
        return "LuceneIndexFactory[" + placement + (path == null ? "" : " " + path) + "]";
    }
}
