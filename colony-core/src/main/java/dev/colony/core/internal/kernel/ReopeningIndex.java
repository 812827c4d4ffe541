package dev.colony.core.internal.kernel;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.spi.search.BackgroundPause;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchIndexFactory;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A Colony's search index, which may be unavailable while the Colony is not.
 *
 * <p>The index is a cache of the store. When it cannot be opened (its directory cannot be created or
 * written, a file stands in its place, the disk is full), the Colony opens all the same: writes and reads
 * by id go to the store, and a search fails with {@link ErrorCode#SEARCH_UNAVAILABLE} saying why. The first
 * search after a back-off on the Colony's clock ({@link #FIRST_RETRY}, doubling up to {@link #LONGEST_RETRY})
 * tries to open it again; an index that opens catches up with everything written meanwhile from the store's
 * change feed. Failures of the store itself are not the index's and pass through.
 */
public final class ReopeningIndex implements SearchIndex {

    /** How long after a failed opening the next search tries again. */
    public static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    /** The longest wait between two tries. */
    public static final Duration LONGEST_RETRY = Duration.ofMinutes(1);

    private static final System.Logger LOG = System.getLogger(ReopeningIndex.class.getName());

    private final SearchIndexFactory factory;
    private final MemorySource source;
    private final Clock clock;
    private volatile SearchIndex opened;

    // Guarded by this.
    private boolean closed;
    private String reason;
    private Instant nextTry;
    private Duration backOff = FIRST_RETRY;

    private ReopeningIndex(SearchIndexFactory factory, MemorySource source, Clock clock) {
        this.factory = Objects.requireNonNull(factory, "factory");
        this.source = Objects.requireNonNull(source, "source");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Opens the index {@code factory} makes over {@code source}, or, when it cannot, an index that is
     * unavailable until a later search opens it.
     *
     * @throws ColonyException any failure of the store (or of the arguments) while opening
     */
    public static ReopeningIndex open(SearchIndexFactory factory, MemorySource source, Clock clock) {
        ReopeningIndex index = new ReopeningIndex(factory, source, clock);
        synchronized (index) {
            index.tryOpen();
        }
        return index;
    }

    /** Whether the index is open now (it may still become unavailable for a search that fails). */
    public boolean available() {
        return opened != null;
    }

    @Override
    public List<SearchHit> search(SearchRequest request) {
        return current().search(request);
    }

    @Override
    public List<MemoryId> nearest(StoredVector vector, NamespaceId namespace, MemoryKind kind, int k,
            double minSimilarity) {
        return current().nearest(vector, namespace, kind, k, minSimilarity);
    }

    /** The query unchanged while the index is unavailable: the search that follows says why. */
    @Override
    public String embeddingText(String query, Set<NamespaceId> namespaces) {
        SearchIndex index = opened;
        return index == null ? query : index.embeddingText(query, namespaces);
    }

    /** The open index's backlog; 0 while none is open (searches then fail, saying why). */
    @Override
    public long backlog() {
        SearchIndex index = opened;
        return index == null ? 0 : index.backlog();
    }

    /** Passed on to an open index; an index that opens later reads the change from the store. */
    @Override
    public void changed() {
        SearchIndex index = opened;
        if (index != null) {
            index.changed();
        }
    }

    @Override
    public BackgroundPause pauseBackground() {
        SearchIndex index = opened;
        return index == null ? BackgroundPause.NONE : index.pauseBackground();
    }

    @Override
    public void close() {
        SearchIndex index;
        synchronized (this) {
            closed = true;
            index = opened;
            opened = null;
        }
        if (index != null) {
            index.close();
        }
    }

    /** The open index, opening it when a try is due. */
    private SearchIndex current() {
        SearchIndex index = opened;
        if (index != null) {
            return index;
        }
        synchronized (this) {
            if (closed) {
                throw new ColonyException(ErrorCode.CLOSED, "the search index is closed");
            }
            if (opened == null && !clock.instant().isBefore(nextTry)) {
                tryOpen();
            }
            if (opened != null) {
                return opened;
            }
            long seconds = Math.max(1, (Duration.between(clock.instant(), nextTry).toMillis() + 999) / 1_000);
            throw new ColonyException(ErrorCode.SEARCH_UNAVAILABLE, "search is unavailable: " + reason
                    + "; memories are still stored and become searchable once the index opens (next try in "
                    + seconds + " s)");
        }
    }

    /** One try to open the index; on failure records why and when to try next. Holds this. */
    private void tryOpen() {
        boolean retry = reason != null;
        try {
            opened = factory.open(source, clock);
        } catch (ColonyException e) {
            if (e.code() != ErrorCode.SEARCH_FAILURE) {
                throw e;
            }
            failed(e.getMessage(), retry);
            return;
        } catch (UncheckedIOException e) {
            failed(e.getMessage(), retry);
            return;
        }
        if (retry) {
            LOG.log(System.Logger.Level.INFO, "the search index opened again and catches up with the store");
        }
        reason = null;
        nextTry = null;
        backOff = FIRST_RETRY;
    }

    private void failed(String why, boolean retry) {
        reason = why == null || why.isBlank() ? "the search index cannot be opened" : why;
        nextTry = clock.instant().plus(backOff);
        Duration doubled = backOff.multipliedBy(2);
        backOff = doubled.compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : doubled;
        LOG.log(retry ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING, "{0}; searches are unavailable "
                + "until it opens, the store is not affected", reason);
    }
}
