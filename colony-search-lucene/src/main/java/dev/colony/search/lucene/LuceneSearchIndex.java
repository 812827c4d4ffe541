package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.BackgroundPause;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.store.NativeFSLockFactory;

/**
 * A Lucene index of a store's memories that tails the store's change feed, shared by the processes
 * that open the same directory.
 *
 * <h2>Layers</h2>
 * A search runs on a published snapshot of up to three layers, newer ones hiding the older documents
 * of the memories they hold:
 * <ul>
 *   <li>the base: in the process holding Lucene's write lock (the <em>writer</em>), a near-real-time
 *       reader of its own {@link IndexWriter}; in every other process (a <em>reader</em>), the last
 *       commit plus an in-memory {@link Overlay} of the changes after the commit's watermark;</li>
 *   <li>the {@link FreshLayer}: the few changes a search found missing and added itself.</li>
 * </ul>
 *
 * <h2>Who indexes</h2>
 * Each index runs one background thread ({@link IndexerThread}). In the writer it reads the change
 * feed from the last indexed rev, replaces each changed memory's document by id, refreshes its reader,
 * and commits on the Colony's clock every commit interval and on close. In a reader it follows the
 * commits, keeps the overlay up to the store's latest rev, and tries to take the write lock over every
 * takeover interval, so a process becomes the writer when the writer's process goes away. The thread
 * polls the store every poll interval and runs at once when this process writes
 * ({@link #changed()}), so the writer indexes whether or not it ever searches, and readers' overlays
 * stay as small as one commit interval of changes.
 *
 * <h2>Freshness</h2>
 * Each search reads the change feed after its snapshot's coverage, at most
 * {@link LuceneSearch#INLINE_CHANGES} + 1 changes (one cheap read, empty when nothing changed). When
 * the snapshot is behind by at most {@link LuceneSearch#INLINE_CHANGES} changes, the search adds them
 * to the fresh layer before searching, so every process reads its own and others' writes at once. A
 * larger backlog is never indexed inside a search: when it is a burst the background thread clears
 * quickly (up to {@value #WAITED_BACKLOG} changes), or when the fresh layer is full, the search waits
 * for the background thread, at most a second, and then tops up; a longer backlog (a rebuild) is
 * searched as it is while the background catches up.
 *
 * <h2>Opening, restored stores and damage</h2>
 * Commits record the format version, the store id, the watermark rev and a check of the change at the
 * watermark. Opening reuses a current index as it is and catches up from its watermark. It rebuilds
 * the index (logging why, and its progress when long) when it is missing, unreadable, of another
 * format or store, or ahead of the store or not matching it at the watermark, as after a store was
 * restored from a backup. Damage found while serving (a corrupt, truncated or garbage file, even a
 * fault on a memory-mapped file) never fails the process: the damaged layer is dropped at once and
 * the index rebuilt in the background. Files are only deleted while holding the write lock. A directory
 * that cannot be written any more (no permission, a file in its place, a full disk) is not damage: the index
 * stops using it, searches fail with {@code SEARCH_UNAVAILABLE} saying why, and the first search or
 * background step after a back-off on the Colony's clock (1 s, doubling up to a minute) opens it again and
 * catches up from the store.
 *
 * <h2>Roles</h2>
 * This class wires the roles and answers the {@link SearchIndex} contract: {@link SnapshotSearcher} answers
 * searches on the snapshots {@link PublishedLayers} publishes; {@link FeedFollower} runs the background steps
 * that have the {@link WriterRole} or the {@link ReaderRole} catch up with the store, and {@link IndexRepair}
 * repairs damage and reopens an unusable directory. What they share is in {@link IndexContext}.
 *
 * <p>Thread-safe: searches run in parallel on reference-counted snapshots.
 */
public final class LuceneSearchIndex implements SearchIndex {

    /** Largest flushed segment kept in memory until commit. */
    private static final double NRT_CACHE_MAX_SEGMENT_MB = 4;
    /** Most memory used for segments not committed yet. */
    private static final double NRT_CACHE_MAX_MB = 32;
    /** How long closing waits for a running indexing step. */
    private static final long STOP_TIMEOUT_MILLIS = 30_000;

    private final IndexContext context;
    private final IndexerThread indexer;
    private final PublishedLayers layers;
    private final WriterRole writer;
    private final ReaderRole reader;
    private final IndexRepair repair;
    private final FeedFollower follower;
    private final SnapshotSearcher searcher;
    /** Runs a hybrid search's vector leg beside its keyword leg. */
    private final LegExecutor legs = new LegExecutor("colony-search-leg");

    private LuceneSearchIndex(MemorySource source, Path path, Directory directory, Clock clock,
            LuceneIndexFactory.Settings settings) {
        this.context = new IndexContext(source, path, directory, clock, settings);
        SearchDemand demand = new SearchDemand(settings);
        this.indexer = new IndexerThread("colony-search-indexer", this::step, settings.pollNanos(),
                demand::stepGapNanos, context.foreground());
        this.layers = new PublishedLayers(context);
        this.writer = new WriterRole(context, layers, demand);
        this.reader = new ReaderRole(context, layers);
        this.repair = new IndexRepair(context, layers, writer, reader, indexer);
        this.follower = new FeedFollower(context, layers, writer, reader, repair);
        this.searcher = new SnapshotSearcher(context, layers, demand, repair, indexer);
    }

    /** Opens the index in {@code path} (or in memory when {@code null}) and catches up. */
    static LuceneSearchIndex open(MemorySource source, Path path, Clock clock, LuceneIndexFactory.Settings settings) {
        if (source.storeId() == null || source.storeId().isBlank()) {
            throw ColonyException.invalid("source", "storeId must not be blank");
        }
        Directory directory;
        try {
            if (path == null) {
                directory = new ByteBuffersDirectory();
            } else {
                Files.createDirectories(path);
                // Small segments flushed for near-real-time search stay in memory until a commit syncs
                // them, which halves the cost of making a new memory searchable.
                directory = new NRTCachingDirectory(FSDirectory.open(path, NativeFSLockFactory.INSTANCE),
                        NRT_CACHE_MAX_SEGMENT_MB, NRT_CACHE_MAX_MB);
            }
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "cannot open the search index directory " + path
                    + ": " + IndexFailures.reason(e), e);
        }
        LuceneSearchIndex index = new LuceneSearchIndex(source, path, directory, clock, settings);
        try {
            index.start();
            return index;
        } catch (RuntimeException e) {
            try {
                index.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    private void start() {
        follower.open();
        indexer.start();
    }

    /** One step of the background thread (see {@link FeedFollower#step()}). */
    private void step() {
        follower.step();
    }

    /** Whether this index holds the directory's write lock (it is the one that indexes and commits). */
    public boolean holdsWriteLock() {
        return writer.holdsWriteLock();
    }

    /** The index directory, or empty for an in-memory index. */
    public Optional<Path> directory() {
        return Optional.ofNullable(context.path());
    }

    /**
     * How many of the store's changes the published index does not cover, when more than a search waits for
     * ({@value SnapshotSearcher#WAITED_BACKLOG}): a rebuild or a long catch-up under way in the background; else
     * 0, as after {@link #close()} or when the store cannot answer (the search that follows says why). One read
     * of the store's latest rev.
     */
    @Override
    public long backlog() {
        if (context.closed()) {
            return 0;
        }
        long behind;
        try {
            behind = context.source().latestRev() - layers.baseThrough();
        } catch (ColonyException storeFailure) {
            return 0;
        }
        return behind > SnapshotSearcher.WAITED_BACKLOG ? behind : 0;
    }

    /** Wakes the background indexer: this process has just committed a change to the store. */
    @Override
    public void changed() {
        if (!context.closed()) {
            indexer.wake();
        }
    }

    /**
     * Starts a span of latency-critical work (an embedding for a caller): until it is closed, the background
     * thread and merges wait before they start, each at most {@link ForegroundWork#MAX_YIELD}.
     */
    @Override
    public BackgroundPause pauseBackground() {
        return context.foreground().enter();
    }

    /**
     * Hits for the request, best first: BM25 over the searchable text, filtered by the request's
     * namespaces and restrictions, {@code result} memories demoted. A query without searchable terms
     * (only punctuation or stop words) has no hits. A query vector still to be computed is computed on a
     * pool thread while this one brings the index up to the store and runs the keyword leg.
     *
     * @throws ColonyException {@code CLOSED} after {@link #close()}, {@code SEARCH_FAILURE} when the
     *     index cannot answer; store failures and the query embedding's failures pass through unchanged
     */
    @Override
    public List<SearchHit> search(SearchRequest request) {
        if (request == null) {
            throw ColonyException.invalid("request", "must not be null");
        }
        FusionMethod fusion = context.settings().fusion();
        legs.start(request.queryVector());
        return searcher.onSnapshot(request, (snapshot, plan) -> snapshot.search(plan, fusion, legs));
    }

    /**
     * One nearest-neighbour lookup of at most {@code k} memories in the published snapshot (brought up to the
     * store as for a search): no keyword leg, no snippet, nothing read but each hit's id.
     *
     * @throws ColonyException as {@link #search}
     */
    @Override
    public List<MemoryId> nearest(StoredVector vector, NamespaceId namespace, MemoryKind kind, int k,
            double minSimilarity) {
        if (vector == null || namespace == null || kind == null) {
            throw ColonyException.invalid("vector", "vector, namespace and kind must not be null");
        }
        return searcher.onSnapshot(new SearchRequest("", Set.of(namespace), Set.of(kind), Set.of(), null, null, null,
                null, k, SearchMode.VECTOR, vector, minSimilarity), Snapshot::nearest);
    }

    /**
     * {@code query} without the words that more than {@link CommonWords#COMMON_SHARE} of the memories of
     * {@code namespaces} hold (see {@link CommonWords}), counted in the published snapshot: a few changes
     * not yet in it hardly move a share, and reading the change feed here would cost a store read per
     * search. The query unchanged when the index cannot tell (it is damaged or being repaired).
     *
     * @throws ColonyException {@code CLOSED} after {@link #close()}
     */
    @Override
    public String embeddingText(String query, Set<NamespaceId> namespaces) {
        if (query == null) {
            throw ColonyException.invalid("query", "must not be null");
        }
        if (namespaces == null || namespaces.isEmpty()) {
            return query;
        }
        return searcher.embeddingText(query, namespaces);
    }

    /**
     * Stops the background thread, commits what the writer indexed, releases the write lock and closes
     * the index's files. Searches still running finish on their snapshot. When a large merge is running, the
     * writer closes when it ends, on a thread of its own, and releases the lock then; this returns at once.
     */
    @Override
    public void close() {
        if (context.closed()) {
            return;
        }
        context.markClosed();
        legs.close();
        indexer.stop(STOP_TIMEOUT_MILLIS);
        ReentrantLock work = context.work();
        ReentrantLock views = layers.lock();
        work.lock();
        views.lock();
        try {
            IOException failure = layers.close(null);
            failure = reader.close(failure);
            failure = writer.close(failure, context.directory());
            context.analyzer().close();
            if (failure != null) {
                throw new ColonyException(ErrorCode.SEARCH_FAILURE, "closing the search index " + context.where()
                        + " failed", failure);
            }
        } finally {
            views.unlock();
            work.unlock();
        }
    }

    // ---------------------------------------------------------------- for tests and diagnostics

    /** Commits now whatever this index, as the writer, has indexed and not committed yet (for tests). */
    void commitNow() {
        context.ensureOpen();
        context.work().lock();
        try {
            writer.commit();
        } catch (IOException e) {
            throw context.failure(e);
        } finally {
            context.work().unlock();
        }
    }

    /**
     * Waits until the background thread has run a step that started after this call and the index
     * covers every change the store had then, or {@code timeoutMillis} passed (for tests and tools).
     *
     * @return whether the index caught up in time
     */
    boolean awaitCaughtUp(long timeoutMillis) {
        return searcher.awaitCaughtUp(timeoutMillis);
    }

    /**
     * The candidates a hybrid search for {@code request} fuses, with their features (for training and testing
     * the fusion).
     */
    List<FusionFeatures.OfMemory> fusionCandidates(SearchRequest request) {
        return searcher.onSnapshot(request, Snapshot::fusionCandidates);
    }

    /** How often the writer has reopened its reader with new changes so far (for tests). */
    long refreshes() {
        return writer.refreshes();
    }

    /**
     * Waits until a background step that started after this call has run, at most {@code timeoutMillis} (for
     * tests); whether one did.
     */
    boolean awaitStep(long timeoutMillis) {
        try {
            return indexer.awaitStep(TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** How many memories a reader's overlay holds (0 for the writer; for tests and diagnostics). */
    int overlayDocuments() {
        context.work().lock();
        try {
            return reader.overlayDocuments();
        } finally {
            context.work().unlock();
        }
    }

    /** How many times this index was rebuilt while open or on open (for tests and diagnostics). */
    long rebuilds() {
        return writer.rebuilds();
    }
}
