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
        CACHED_UNDER,
        AT_PATH,
        IN_MEMORY
    }

    /**
     * How an index paces its work.
     *
     * @param takeoverIntervalMillis how often, on the Colony's clock, a reader tries to take the write lock
     * @param commitIntervalMillis how often, on the Colony's clock, the writer commits what it indexed
     * @param pollNanos how often the background thread polls the store for changes of other processes
     * @param minStepGapNanos the least time between two background steps, so bursts are batched
     * @param batchSize how many changes are read from the store per batch
     * @param inlineChanges the most changes a search adds itself when the index is behind
     * @param refreshGapNanos the least time between two reopenings of the writer's reader while searches cover
     *     the newest changes themselves
     * @param fusion how hybrid searches fuse their two legs
     * @param openCatchUp the most changes opening indexes before it returns; a larger backlog is indexed by the
     *     background thread
     */
    record Settings(long takeoverIntervalMillis, long commitIntervalMillis, long pollNanos, long minStepGapNanos,
            int batchSize, int inlineChanges, long refreshGapNanos, FusionMethod fusion, long openCatchUp) {
    }

    private final Placement placement;
    private final Path path;
    private final Settings settings;

    LuceneIndexFactory(Placement placement, Path path) {
        this(placement, path, new Settings(LuceneSearch.DEFAULT_TAKEOVER_INTERVAL.toMillis(),
                LuceneSearch.DEFAULT_COMMIT_INTERVAL.toMillis(), LuceneSearch.DEFAULT_POLL_INTERVAL.toNanos(),
                LuceneSearch.MIN_STEP_GAP.toNanos(), LuceneSearch.DEFAULT_BATCH_SIZE, LuceneSearch.INLINE_CHANGES,
                LuceneSearch.REFRESH_GAP.toNanos(), FusionMethod.configured(), Long.MAX_VALUE));
    }

    private LuceneIndexFactory(Placement placement, Path path, Settings settings) {
        this.placement = placement;
        this.path = path;
        this.settings = settings;
    }

    /**
     * A copy whose indexes, while another process holds the write lock, try to take it over at most
     * once per {@code interval} of the Colony's clock. Zero tries at every background step.
     */
    public LuceneIndexFactory withTakeoverInterval(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw ColonyException.invalid("takeoverInterval", "must be zero or positive, was " + interval);
        }
        return new LuceneIndexFactory(placement, path, new Settings(interval.toMillis(),
                settings.commitIntervalMillis(), settings.pollNanos(), settings.minStepGapNanos(),
                settings.batchSize(), settings.inlineChanges(), settings.refreshGapNanos(), settings.fusion(),
                settings.openCatchUp()));
    }

    /**
     * A copy whose writer commits what it indexed once per {@code interval} of the Colony's clock
     * (and on close). Other processes search the last commit plus what they cover themselves, so a
     * short interval keeps their in-memory overlay small.
     */
    public LuceneIndexFactory withCommitInterval(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw ColonyException.invalid("commitInterval", "must be zero or positive, was " + interval);
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                interval.toMillis(), settings.pollNanos(), settings.minStepGapNanos(), settings.batchSize(),
                settings.inlineChanges(), settings.refreshGapNanos(), settings.fusion(), settings.openCatchUp()));
    }

    /**
     * A copy whose background thread polls the store for other processes' changes once per
     * {@code interval} (real time: it paces work and decides nothing).
     */
    public LuceneIndexFactory withPollInterval(Duration interval) {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw ColonyException.invalid("pollInterval", "must be positive, was " + interval);
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                settings.commitIntervalMillis(), interval.toNanos(), settings.minStepGapNanos(),
                settings.batchSize(), settings.inlineChanges(), settings.refreshGapNanos(), settings.fusion(),
                settings.openCatchUp()));
    }

    /**
     * A copy whose writer reopens its reader at most once per {@code interval} while searches run (real time: it
     * paces work and decides nothing), unless a search waits for it or the changes searches added themselves pile
     * up; in between, each search adds the few changes it misses itself.
     */
    public LuceneIndexFactory withRefreshGap(Duration interval) {
        if (interval == null || interval.isNegative()) {
            throw ColonyException.invalid("refreshGap", "must be zero or positive, was " + interval);
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                settings.commitIntervalMillis(), settings.pollNanos(), settings.minStepGapNanos(), settings.batchSize(),
                settings.inlineChanges(), interval.toNanos(), settings.fusion(), settings.openCatchUp()));
    }

    /** A copy that reads at most {@code size} changes from the store per batch. */
    public LuceneIndexFactory withBatchSize(int size) {
        if (size <= 0) {
            throw ColonyException.invalid("batchSize", "must be positive, was " + size);
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                settings.commitIntervalMillis(), settings.pollNanos(), settings.minStepGapNanos(), size,
                settings.inlineChanges(), settings.refreshGapNanos(), settings.fusion(), settings.openCatchUp()));
    }

    /**
     * A copy whose indexes fuse the two legs of a hybrid search by {@code method} (by default the one the system
     * property {@value FusionMethod#PROPERTY} names, else {@link FusionMethod#WEIGHTED}).
     */
    public LuceneIndexFactory withFusion(FusionMethod method) {
        if (method == null) {
            throw ColonyException.invalid("fusion", "must not be null");
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                settings.commitIntervalMillis(), settings.pollNanos(), settings.minStepGapNanos(), settings.batchSize(),
                settings.inlineChanges(), settings.refreshGapNanos(), method, settings.openCatchUp()));
    }

    /**
     * A copy whose indexes, when they open more than {@code changes} behind the store (a rebuild, a first open
     * on a store written elsewhere, an import), index that backlog in the background instead of before
     * {@link #open} returns: a long-running server then answers at once, its searches seeing the part indexed so
     * far while {@link LuceneSearchIndex#backlog()} says how much is missing. By default opening indexes every
     * change first, so that a short-lived command's one search sees them all.
     */
    public LuceneIndexFactory withOpenCatchUpLimit(long changes) {
        if (changes < 0) {
            throw ColonyException.invalid("openCatchUpLimit", "must be zero or positive, was " + changes);
        }
        return new LuceneIndexFactory(placement, path, new Settings(settings.takeoverIntervalMillis(),
                settings.commitIntervalMillis(), settings.pollNanos(), settings.minStepGapNanos(), settings.batchSize(),
                settings.inlineChanges(), settings.refreshGapNanos(), settings.fusion(), changes));
    }

    /** The directory an index over {@code source} would use, or empty for an in-memory index. */
    public Optional<Path> directoryFor(MemorySource source) {
        switch (placement) {
            case AT_PATH:
                return Optional.of(path);
            case BESIDE_STORE:
                return source.location().map(LuceneSearch::indexDirectoryBeside);
            case CACHED_UNDER:
                return Optional.of(LuceneSearch.cacheDirectory(path, source.storeId()));
            default:
                return Optional.empty();
        }
    }

    /**
     * Opens the index for {@code source} and brings it up to date: creates it, rebuilds it when it
     * is unusable or does not match the store, takes the write lock when no other process holds it,
     * catches up with the store (or, past {@link #withOpenCatchUpLimit}, leaves that to the background), and
     * starts its background thread.
     *
     * @param clock the Colony's clock, which paces commits and takeover attempts
     * @throws ColonyException {@code SEARCH_FAILURE} when the index cannot be opened; store failures
     *     pass through unchanged
     */
    @Override
    public LuceneSearchIndex open(MemorySource source, Clock clock) {
        if (source == null) {
            throw ColonyException.invalid("source", "must not be null");
        }
        if (clock == null) {
            throw ColonyException.invalid("clock", "must not be null");
        }
        return LuceneSearchIndex.open(source, directoryFor(source).orElse(null), clock, settings);
    }

    /** Opens the index for {@code source} on the system clock (tools that run without a Colony). */
    public LuceneSearchIndex open(MemorySource source) {
        return open(source, Clock.systemUTC());
    }

    @Override
    public String toString() {
        return "LuceneIndexFactory[" + placement + (path == null ? "" : " " + path) + "]";
    }
}
