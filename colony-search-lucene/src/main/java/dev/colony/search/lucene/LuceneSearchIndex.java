package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
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
 * <p>Thread-safe: searches run in parallel on reference-counted snapshots.
 */
public final class LuceneSearchIndex implements SearchIndex {

    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());

    /** Largest flushed segment kept in memory until commit. */
    private static final double NRT_CACHE_MAX_SEGMENT_MB = 4;
    /** Most memory used for segments not committed yet. */
    private static final double NRT_CACHE_MAX_MB = 32;
    /** A long catch-up commits after this many documents, so a crash keeps most of the work. */
    private static final int COMMIT_EVERY_DOCS = 20_000;
    /** A catch-up of more changes than this logs what it does and its progress. */
    private static final long LOGGED_BACKLOG = 10_000;
    /** How often a long catch-up logs progress and publishes what it has indexed so far. */
    private static final long PROGRESS_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** The fresh layer never grows beyond this; the background indexer drains it. */
    private static final int FRESH_MAX = 256;
    /**
     * The largest backlog a search waits for the background indexer to clear: a burst of writes just
     * before a search. A longer one (a rebuild, an index reopened far behind) is not waited for.
     */
    private static final long WAITED_BACKLOG = 5_000;
    /** The longest a search waits for the background indexer to clear a backlog. */
    private static final long BACKLOG_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Closing indexes at most this many changes it has not seen yet before its commit. */
    private static final long CLOSE_CATCH_UP = 10_000;
    /** How long closing waits for a running indexing step. */
    private static final long STOP_TIMEOUT_MILLIS = 30_000;
    /** How long after the directory was found unusable it is tried again (Colony clock); doubles per failure. */
    private static final long FIRST_REOPEN_MILLIS = 1_000;
    /** The longest wait between two tries of an unusable directory. */
    private static final long LONGEST_REOPEN_MILLIS = 60_000;

    private final MemorySource source;
    private final String storeId;
    private final Path path;
    private final Directory directory;
    private final Clock clock;
    private final LuceneIndexFactory.Settings settings;
    private final MemoryAnalyzer analyzer = new MemoryAnalyzer();
    private final QueryPlanner planner = new QueryPlanner(analyzer, LuceneSearch.RESULT_DEMOTION);
    private final SnippetFormatter formatter = new SnippetFormatter(LuceneSearch.SNIPPET_MAX_CHARS);
    private final IndexerThread indexer;

    /** Serialises indexing work: role changes, indexing, commits, recovery and closing. */
    private final ReentrantLock work = new ReentrantLock();
    /**
     * Serialises changes of the published layers ({@link #base}, {@link #fresh}, {@link #view}).
     * Taken after {@link #work} when both are needed, and only for short moments.
     */
    private final ReentrantLock views = new ReentrantLock();

    /** The published snapshot; searches take a reference on its reader. */
    private volatile Snapshot view;
    private volatile boolean closed;
    /** Whether this index holds the write lock. */
    private volatile boolean writing;
    /** Damage found while serving and not repaired yet; the background thread repairs it. */
    private volatile Throwable damage;
    /**
     * Why the directory cannot be used now (it cannot be written: no permission, a file in its place, a full
     * disk), or {@code null}: searches fail with {@code SEARCH_UNAVAILABLE} until it is tried again and works.
     */
    private volatile String unusable;
    private final AtomicLong rebuilds = new AtomicLong();
    /**
     * When this index was last searched or waited for (monotonic time): the background steps are paced
     * by it and publish what they indexed only while someone searches.
     */
    private volatile long lastSearchNanos = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    /** When the writer's reader was last reopened (system timer). */
    private long lastRefreshNanos = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    /** How many searches wait for the background thread to clear a backlog. */
    private final AtomicInteger awaitingBackground = new AtomicInteger();
    /** How often the writer's reader was reopened with new changes, for tests. */
    private final AtomicLong refreshes = new AtomicLong();

    // Published layers; guarded by views.
    private Base base = Base.EMPTY;
    private final FreshLayer fresh;

    // Writer role; guarded by work.
    private IndexWriter writer;
    private DirectoryReader writerReader;
    /**
     * Whether the writer was given a purge since the last commit: that commit first rewrites every segment
     * holding a deleted document, so that no file keeps what was purged.
     */
    private boolean expunge;
    /** Every change up to this rev has been given to the writer. */
    private long indexedRev;
    /** The {@link IndexLayout#check} of the change at {@link #indexedRev}, when known. */
    private String indexedCheck;
    /** The watermark of the last commit; -1 when the writer holds work no commit describes. */
    private long committedRev;
    private long nextCommitMillis;
    private boolean verifyPending;
    /** When an unusable directory is tried again (Colony clock), and the wait after the next failure. */
    private long nextReopenMillis;
    private long reopenBackOffMillis = FIRST_REOPEN_MILLIS;

    // Reader role; guarded by work.
    private DirectoryReader disk;
    /** The watermark of {@link #disk}, or -1 when it is absent or unusable. */
    private long diskRev = -1;
    /** Commits up to this generation were found unusable and are skipped. */
    private long brokenGeneration = -1;
    private Overlay overlay;
    private long nextTakeoverMillis;

    /**
     * The oldest layer as published: its leaves (some of them masks this index created and owns),
     * and the rev up to which it holds every change.
     */
    private record Base(List<IndexReader> leaves, List<IndexReader> owned, long through) {
        static final Base EMPTY = new Base(List.of(), List.of(), 0);
    }

    private LuceneSearchIndex(MemorySource source, Path path, Directory directory, Clock clock,
            LuceneIndexFactory.Settings settings) {
        this.source = source;
        this.storeId = source.storeId();
        this.path = path;
        this.directory = directory;
        this.clock = clock;
        this.settings = settings;
        this.fresh = new FreshLayer(analyzer);
        this.indexer = new IndexerThread("colony-search-indexer", this::step, settings.pollNanos(),
                this::stepGapNanos);
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
        work.lock();
        try {
            long latest = source.latestRev();
            if (openWriter(false, latest)) {
                catchUpWriter(latest, true);
                if (committedRev < 0 || indexedRev - committedRev >= COMMIT_EVERY_DOCS) {
                    commit();
                }
            } else {
                becomeReader();
                catchUpReader(latest);
            }
        } catch (IOException | UncheckedIOException | AlreadyClosedException e) {
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "cannot open the search index " + where() + ": "
                    + IndexFailures.reason(e), e);
        } finally {
            work.unlock();
        }
        indexer.start();
    }

    /** Whether this index holds the directory's write lock (it is the one that indexes and commits). */
    public boolean holdsWriteLock() {
        return writing;
    }

    /** The index directory, or empty for an in-memory index. */
    public Optional<Path> directory() {
        return Optional.ofNullable(path);
    }

    /**
     * The least time between background steps now: the configured gap while searches run, a longer one
     * (never shorter than it) once nobody has searched for {@link LuceneSearch#SEARCHED_RECENTLY}.
     */
    private long stepGapNanos() {
        return searchedRecently() ? settings.minStepGapNanos()
                : Math.max(settings.minStepGapNanos(), LuceneSearch.IDLE_STEP_GAP.toNanos());
    }

    /** Whether someone searched (or waited for the index to catch up) within {@link LuceneSearch#SEARCHED_RECENTLY}. */
    private boolean searchedRecently() {
        return System.nanoTime() - lastSearchNanos < LuceneSearch.SEARCHED_RECENTLY.toNanos();
    }

    /** Wakes the background indexer: this process has just committed a change to the store. */
    @Override
    public void changed() {
        if (!closed) {
            indexer.wake();
        }
    }

    /**
     * Hits for the request, best first: BM25 over the searchable text, filtered by the request's
     * namespaces and restrictions, {@code result} memories demoted. A query without searchable terms
     * (only punctuation or stop words) has no hits.
     *
     * @throws ColonyException {@code CLOSED} after {@link #close()}, {@code SEARCH_FAILURE} when the
     *     index cannot answer; store failures pass through unchanged
     */
    @Override
    public List<SearchHit> search(SearchRequest request) {
        if (request == null) {
            throw ColonyException.invalid("request", "must not be null");
        }
        return onSnapshot(request, Snapshot::search);
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
        return onSnapshot(new SearchRequest("", Set.of(namespace), Set.of(kind), Set.of(), null, null, null, null, k,
                SearchMode.VECTOR, vector, minSimilarity), Snapshot::nearest);
    }

    /** What a snapshot's search of one kind answers for a plan. */
    @FunctionalInterface
    private interface SnapshotSearch<T> {
        List<T> run(Snapshot snapshot, QueryPlanner.Plan plan) throws IOException;
    }

    /**
     * Plans {@code request} and runs {@code search} on a current snapshot; damage found on the way is recorded
     * (the index repairs itself) and the search tried once more.
     */
    private <T> List<T> onSnapshot(SearchRequest request, SnapshotSearch<T> search) {
        ensureOpen();
        lastSearchNanos = System.nanoTime();
        if (unusable != null) {
            work.lock();
            try {
                reopenIfDue();
            } finally {
                work.unlock();
            }
            String why = unusable;
            if (why != null) {
                throw unavailable(why);
            }
        }
        Optional<QueryPlanner.Plan> plan;
        try {
            plan = planner.plan(request, clock.instant());
        } catch (UncheckedIOException | AlreadyClosedException e) {
            throw failure(e);
        }
        if (plan.isEmpty()) {
            return List.of();
        }
        for (int attempt = 0; ; attempt++) {
            try {
                Snapshot current = current();
                try {
                    return search.run(current, plan.get());
                } finally {
                    current.reader.decRef();
                }
            } catch (ColonyException e) {
                throw e;
            } catch (IOException | RuntimeException | InternalError | AssertionError e) {
                if (closed || attempt > 0 || !IndexFailures.damage(e)) {
                    if (e instanceof AssertionError assertion && !IndexFailures.luceneAssertion(assertion)) {
                        throw assertion;
                    }
                    throw failure(e);
                }
                damaged(e);
            }
        }
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
        Snapshot current = acquire();
        try {
            try {
                return CommonWords.removed(query, analyzer,
                        new ScopedSearcher(current.reader, NamespaceScope.of(current.reader, namespaces)));
            } finally {
                current.reader.decRef();
            }
        } catch (IOException | RuntimeException e) {
            // The search that follows meets the same failure and reports it, or repairs the index.
            return query;
        }
    }

    /**
     * A referenced snapshot that covers every change the store had committed when this was called.
     * One read of the change feed after the published snapshot's coverage tells how far behind it
     * is: a few missing changes are added to the fresh layer; a moderate backlog is left to the
     * background indexer, which the search waits for (briefly) before topping up; a larger one, or
     * a damaged index, is searched as it is while the background catches up.
     */
    private Snapshot current() throws IOException {
        Snapshot current = acquire();
        if (damage != null) {
            indexer.wake();
            return current;
        }
        List<MemoryDocument> missing = source.changedSince(current.coverage, settings.inlineChanges() + 1);
        if (missing.isEmpty()) {
            return current;
        }
        indexer.wake();
        current.reader.decRef();
        if (missing.size() <= settings.inlineChanges() && addToFreshLayer(missing)) {
            return acquire();
        }
        if (!awaitBackground(current.coverage)) {
            return acquire();
        }
        current = acquire();
        missing = source.changedSince(current.coverage, settings.inlineChanges() + 1);
        if (missing.isEmpty() || missing.size() > settings.inlineChanges()) {
            return current;
        }
        current.reader.decRef();
        addToFreshLayer(missing);
        return acquire();
    }

    /**
     * Adds {@code missing} (every change after some published coverage, complete up to the newest
     * one, which is therefore the store's latest rev when it was read) to the fresh layer and
     * publishes. Changes the layers already cover, because another search or the indexer got there
     * first, are skipped: adding an older version would hide a newer one below.
     *
     * @return whether the published layers now cover {@code missing}; not when the fresh layer is
     *     full (the background indexer has fallen behind) or the index is damaged
     */
    private boolean addToFreshLayer(List<MemoryDocument> missing) throws IOException {
        views.lock();
        try {
            ensureOpen();
            long covered = fresh.through();
            long latest = missing.get(missing.size() - 1).rev();
            if (latest <= covered) {
                return true;
            }
            if (damage != null || fresh.size() + missing.size() > FRESH_MAX) {
                return false;
            }
            for (MemoryDocument change : missing) {
                if (change.rev() > covered) {
                    fresh.add(change);
                }
            }
            fresh.coverThrough(latest);
            publish();
            return true;
        } finally {
            views.unlock();
        }
    }

    /**
     * Waits, at most {@link #BACKLOG_WAIT_NANOS}, until the base layer is within
     * {@link LuceneSearch#INLINE_CHANGES} of the store, when the backlog past {@code coverage} is
     * one the background indexer clears in about that time; whether it is worth looking again.
     */
    private boolean awaitBackground(long coverage) {
        long latest = source.latestRev();
        if (latest - coverage > WAITED_BACKLOG) {
            return false;
        }
        long deadline = System.nanoTime() + BACKLOG_WAIT_NANOS;
        awaitingBackground.incrementAndGet();
        try {
            while (latest - baseThrough() > settings.inlineChanges()) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || closed || damage != null || !indexer.awaitStep(remaining)) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            awaitingBackground.decrementAndGet();
        }
    }

    private Snapshot acquire() {
        while (true) {
            ensureOpen();
            Snapshot current = view;
            if (current.reader.tryIncRef()) {
                return current;
            }
            // The snapshot was replaced (or the index closed) after it was read: read the field again.
        }
    }

    // ---------------------------------------------------------------- publishing (under views)

    /** Replaces the base layer and publishes; releases {@code next}'s owned masks if it is refused. */
    private void installBase(Base next) throws IOException {
        views.lock();
        try {
            if (closed || damage != null) {
                release(next.owned());
                return;
            }
            Base old = base;
            base = next;
            if (next.through() < old.through()) {
                fresh.clear();
            }
            fresh.dropThrough(next.through());
            fresh.coverThrough(next.through());
            publish();
            release(old.owned());
        } finally {
            views.unlock();
        }
    }

    /** Publishes a snapshot of the base and the fresh layer, the fresh layer's memories hidden below. */
    private void publish() throws IOException {
        List<IndexReader> parts = new ArrayList<>(base.leaves().size() + fresh.size());
        List<IndexReader> masks = new ArrayList<>();
        for (IndexReader leaf : base.leaves()) {
            LeafReader shown = MaskedLeaf.hiding((LeafReader) leaf, fresh.ids());
            if (shown != leaf) {
                masks.add(shown);
            }
            parts.add(shown);
        }
        parts.addAll(fresh.readers());
        Snapshot next;
        try {
            next = Snapshot.over(parts, analyzer, formatter, fresh.segmentField(IndexLayout.TEXT), fresh.through());
        } finally {
            // The snapshot took its own references; the masks are owned by it alone.
            release(masks);
        }
        Snapshot old = view;
        view = next;
        if (old != null) {
            old.reader.decRef();
        }
    }

    private static void release(List<IndexReader> owned) throws IOException {
        for (IndexReader reader : owned) {
            reader.decRef();
        }
    }

    /**
     * Records damage found while serving: drops the published layers at once (searches then see only
     * what is rebuilt), and wakes the background thread, which repairs the index.
     */
    private void damaged(Throwable cause) {
        views.lock();
        try {
            if (closed || damage != null) {
                return;
            }
            damage = cause;
            LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is damaged; rebuilding it in the "
                    + "background (searches see what is rebuilt so far)", cause);
            emptyLayers();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "dropping the damaged search index layers failed", e);
        } finally {
            views.unlock();
        }
        indexer.wake();
    }

    /** Publishes an empty base and fresh layer (under views): searches see nothing of the index until rebuilt. */
    private void emptyLayers() throws IOException {
        Base old = base;
        base = Base.EMPTY;
        fresh.clear();
        publish();
        release(old.owned());
    }

    // ---------------------------------------------------------------- background step

    /** One step of the background thread: repair, take over, catch up, commit. */
    private void step() {
        work.lock();
        try {
            if (closed) {
                return;
            }
            if (unusable != null) {
                reopenIfDue();
                return;
            }
            if (damage != null) {
                repair(damage);
            }
            long latest = source.latestRev();
            if (writer == null && takeoverDue()) {
                tryTakeOver(latest);
            }
            if (writer != null) {
                // While nobody searches, new changes only go into the writer (and the periodic commit):
                // opening a new reader flushes a small segment each step, which then has to be merged,
                // and no one would read it. The next search reads the changes it misses itself, or
                // wakes this thread, which then publishes.
                catchUpWriter(latest, false);
                if (verifyPending) {
                    verifyPending = false;
                    IndexFailures.checkIntegrity(writerReader);
                }
                if (indexedRev != committedRev && clock.millis() >= nextCommitMillis) {
                    commit();
                }
            } else {
                catchUpReader(latest);
            }
        } catch (ColonyException storeFailure) {
            // The store is busy or gone for a moment: the next poll tries again.
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: reading the store failed: {1}", where(),
                    storeFailure.getMessage());
        } catch (IOException | RuntimeException | InternalError | AssertionError e) {
            if (e instanceof AssertionError assertion && !IndexFailures.luceneAssertion(assertion)) {
                throw assertion;
            }
            if (!closed) {
                if (IndexFailures.unwritable(e)) {
                    unusable(e);
                } else {
                    damaged(e);
                }
            }
        } finally {
            work.unlock();
        }
    }

    // ---------------------------------------------------------------- unusable directory (under work)

    /**
     * Stops using a directory that cannot be written: drops the writer (its state after a failed write is
     * unknown) or the reader's commit, drops the published layers, and schedules the next try.
     */
    private void unusable(Throwable cause) {
        boolean first = unusable == null;
        if (writer != null) {
            Closing.closeQuietly(writerReader);
            writerReader = null;
            Closing.rollbackQuietly(writer);
            writer = null;
            writing = false;
        }
        Closing.closeQuietly(disk);
        disk = null;
        diskRev = -1;
        Closing.closeQuietly(overlay);
        overlay = null;
        views.lock();
        try {
            if (!closed) {
                emptyLayers();
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "dropping the search index layers failed", e);
        } finally {
            views.unlock();
        }
        unusable = "the search index directory " + where() + " cannot be used: " + IndexFailures.reason(cause);
        nextReopenMillis = plus(clock.millis(), reopenBackOffMillis);
        reopenBackOffMillis = Math.min(LONGEST_REOPEN_MILLIS, reopenBackOffMillis * 2);
        if (first) {
            LOG.log(System.Logger.Level.WARNING, unusable + "; searches are unavailable until it can be written "
                    + "again (the store is not affected)", cause);
        } else {
            LOG.log(System.Logger.Level.DEBUG, "{0} (still)", unusable);
        }
    }

    /** Opens an unusable directory again when its try is due, and catches up; on failure waits longer. */
    private void reopenIfDue() {
        if (unusable == null || closed || clock.millis() < nextReopenMillis) {
            return;
        }
        try {
            long latest = source.latestRev();
            damage = null;
            if (openWriter(false, latest)) {
                catchUpWriter(latest, true);
            } else {
                becomeReader();
                catchUpReader(latest);
            }
            unusable = null;
            reopenBackOffMillis = FIRST_REOPEN_MILLIS;
            LOG.log(System.Logger.Level.INFO, "search index {0} can be used again; caught up with the store", where());
        } catch (ColonyException storeFailure) {
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: reading the store failed: {1}", where(),
                    storeFailure.getMessage());
        } catch (IOException | RuntimeException e) {
            if (IndexFailures.unwritable(e)) {
                unusable(e);
            } else {
                unusable = null;
                damaged(e);
            }
        }
    }

    private ColonyException unavailable(String why) {
        long seconds = Math.max(1, TimeUnit.MILLISECONDS.toSeconds(nextReopenMillis - clock.millis() + 999));
        return new ColonyException(ErrorCode.SEARCH_UNAVAILABLE, "search is unavailable: " + why + "; memories are "
                + "still stored and become searchable once it can be written (next try in " + seconds + " s)");
    }

    // ---------------------------------------------------------------- writer role (under work)

    /**
     * Indexes every change up to {@code target} (and any newer one read on the way), then makes them
     * searchable through a new base layer if someone searched recently or {@code publish} asks for it.
     */
    private void catchUpWriter(long target, boolean publish) throws IOException {
        if (target < indexedRev) {
            rebuildWriter("the store's latest change (rev " + target + ") is older than the index's (rev "
                    + indexedRev + "); was the store restored from a backup?");
        }
        indexUpTo(target, true);
        if (publish || searchedRecently() && refreshDue()) {
            refreshWriter();
        }
    }

    /**
     * Whether the searched writer should reopen its reader now: a search waits for it, the changes searches added
     * to the fresh layer themselves have piled up, or {@link LuceneSearch#REFRESH_GAP} has passed since the last
     * reopening. Otherwise the searches' own fresh layer keeps every write found at once.
     */
    private boolean refreshDue() {
        if (awaitingBackground.get() > 0 || System.nanoTime() - lastRefreshNanos >= settings.refreshGapNanos()) {
            return true;
        }
        views.lock();
        try {
            return fresh.size() >= settings.inlineChanges();
        } finally {
            views.unlock();
        }
    }

    /**
     * Gives the writer every change up to {@code target}; with {@code publishing}, a long catch-up
     * publishes its progress every few seconds. Stops early when the index is closing, unless it is
     * the final catch-up of {@link #close()}.
     */
    private void indexUpTo(long target, boolean publishing) throws IOException {
        long backlog = target - indexedRev;
        Progress progress = backlog > LOGGED_BACKLOG ? new Progress(backlog) : null;
        long sinceCommit = 0;
        while (indexedRev < target && (!closed || !publishing)) {
            List<MemoryDocument> batch = source.changedSince(indexedRev, settings.batchSize());
            if (batch.isEmpty()) {
                break;
            }
            for (MemoryDocument change : batch) {
                writer.updateDocument(IndexLayout.uidTerm(change.memory().id().value()), IndexLayout.document(change));
                expunge |= change.presence() == Presence.PURGED;
            }
            MemoryDocument last = batch.get(batch.size() - 1);
            indexedRev = last.rev();
            indexedCheck = IndexLayout.check(last);
            sinceCommit += batch.size();
            if (sinceCommit >= COMMIT_EVERY_DOCS) {
                commit();
                sinceCommit = 0;
            }
            if (progress != null && progress.due(batch.size(), indexedRev) && publishing) {
                refreshWriter();
            }
        }
        if (progress != null) {
            progress.done();
        }
    }

    private void refreshWriter() throws IOException {
        lastRefreshNanos = System.nanoTime();
        DirectoryReader refreshed = DirectoryReader.openIfChanged(writerReader, writer);
        if (refreshed != null) {
            refreshes.incrementAndGet();
            DirectoryReader old = writerReader;
            writerReader = refreshed;
            installBase(new Base(leaves(refreshed), List.of(), indexedRev));
            old.close();
        } else if (indexedRev > baseThrough()) {
            installBase(new Base(leaves(writerReader), List.of(), indexedRev));
        }
    }

    private long baseThrough() {
        views.lock();
        try {
            return base.through();
        } finally {
            views.unlock();
        }
    }

    /** Empties the writer's index so that it is rebuilt from the start of the change feed. */
    private void rebuildWriter(String reason) throws IOException {
        LOG.log(System.Logger.Level.INFO, "search index {0}: rebuilding it: {1}", where(), reason);
        rebuilds.incrementAndGet();
        writer.deleteAll();
        indexedRev = 0;
        indexedCheck = null;
        committedRev = -1;
        DirectoryReader emptied = DirectoryReader.openIfChanged(writerReader, writer);
        if (emptied != null) {
            DirectoryReader old = writerReader;
            writerReader = emptied;
            installBase(new Base(leaves(emptied), List.of(), 0));
            old.close();
        }
    }

    /**
     * Commits what the writer holds, with its watermark, if anything changed since the last commit.
     * Only the thread holding {@link #work} indexes, so the commit holds exactly the changes up to
     * {@link #indexedRev}.
     */
    private void commit() throws IOException {
        if (writer == null || indexedRev == committedRev) {
            return;
        }
        if (expunge) {
            // A purged memory's text and vector must leave the files too, not only be marked deleted.
            writer.forceMergeDeletes(true);
            expunge = false;
        }
        writer.setLiveCommitData(IndexLayout.commitData(storeId, indexedRev, indexedCheck).entrySet());
        writer.commit();
        committedRev = indexedRev;
        nextCommitMillis = plus(clock.millis(), settings.commitIntervalMillis());
    }

    /** Commits now whatever this index, as the writer, has indexed and not committed yet (for tests). */
    void commitNow() {
        ensureOpen();
        work.lock();
        try {
            commit();
        } catch (IOException e) {
            throw failure(e);
        } finally {
            work.unlock();
        }
    }

    /**
     * Waits until the background thread has run a step that started after this call and the index
     * covers every change the store had then, or {@code timeoutMillis} passed (for tests and tools).
     *
     * @return whether the index caught up in time
     */
    boolean awaitCaughtUp(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long latest = source.latestRev();
        awaitingBackground.incrementAndGet();
        try {
            while (true) {
                // Waiting for the index counts as searching it: the background thread publishes.
                lastSearchNanos = System.nanoTime();
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || closed || !indexer.awaitStep(remaining)) {
                    return false;
                }
                if (damage == null && baseThrough() >= latest) {
                    return true;
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            awaitingBackground.decrementAndGet();
        }
    }

    /** How often the writer has reopened its reader with new changes so far (for tests). */
    long refreshes() {
        return refreshes.get();
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
        work.lock();
        try {
            return overlay == null ? 0 : overlay.ids().size();
        } finally {
            work.unlock();
        }
    }

    /** How many times this index was rebuilt while open or on open (for tests and diagnostics). */
    long rebuilds() {
        return rebuilds.get();
    }

    // ---------------------------------------------------------------- reader role (under work)

    private void becomeReader() throws IOException {
        if (overlay == null) {
            overlay = new Overlay(analyzer);
        }
        scheduleTakeover();
    }

    /** Follows the newest usable commit and keeps the overlay up to {@code target}, then publishes. */
    private void catchUpReader(long target) throws IOException {
        boolean changed = refreshDisk();
        if (diskRev > target) {
            // The commit holds changes the store does not have: it was built from a newer state of a
            // store restored since. Only the writer may rebuild it; until then, cover from the start.
            LOG.log(System.Logger.Level.INFO, "search index {0}: its last commit (rev {1}) is ahead of the "
                    + "store (rev {2}); ignoring it until it is rebuilt", where(), diskRev, target);
            brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
            Closing.closeQuietly(disk);
            disk = null;
            diskRev = -1;
            changed = true;
        }
        overlay.rebase(Math.max(diskRev, 0));
        long backlog = target - overlay.through();
        Progress progress = backlog > LOGGED_BACKLOG ? new Progress(backlog) : null;
        while (overlay.through() < target && !closed) {
            List<MemoryDocument> batch = source.changedSince(overlay.through(), settings.batchSize());
            if (batch.isEmpty()) {
                overlay.coverThrough(target);
                break;
            }
            for (MemoryDocument change : batch) {
                overlay.add(change);
            }
            if (progress != null) {
                progress.due(batch.size(), overlay.through());
            }
        }
        if (progress != null) {
            progress.done();
        }
        changed |= overlay.refresh();
        if (changed || overlay.through() > baseThrough() || view == null) {
            publishReaderBase();
        }
    }

    /** Publishes the commit's leaves (with the overlay's memories hidden) and the overlay's. */
    private void publishReaderBase() throws IOException {
        List<IndexReader> leaves = new ArrayList<>();
        List<IndexReader> owned = new ArrayList<>();
        if (disk != null) {
            for (LeafReaderContext leaf : disk.leaves()) {
                LeafReader shown = MaskedLeaf.hiding(leaf.reader(), overlay.ids());
                if (shown != leaf.reader()) {
                    owned.add(shown);
                }
                leaves.add(shown);
            }
        }
        leaves.addAll(leaves(overlay.reader()));
        installBase(new Base(List.copyOf(leaves), List.copyOf(owned), overlay.through()));
    }

    /**
     * Moves {@link #disk} to the newest usable commit, or to none; whether it changed. A commit found
     * unusable is remembered by generation and not tried again; a newer commit (a writer's repair) is.
     */
    private boolean refreshDisk() {
        DirectoryReader before = disk;
        if (disk == null) {
            DirectoryReader opened = null;
            long generation = -1;
            try {
                generation = SegmentInfos.getLastCommitGeneration(directory);
                if (generation > brokenGeneration) {
                    opened = DirectoryReader.open(directory);
                    IndexFailures.checkIntegrity(opened);
                    disk = opened;
                }
            } catch (IOException | RuntimeException | InternalError unreadable) {
                brokenGeneration = Math.max(brokenGeneration, generation);
                Closing.closeQuietly(opened);
                LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is unreadable; covering the "
                        + "store's memories in memory until it is rebuilt", unreadable);
            }
        } else {
            try {
                DirectoryReader refreshed = DirectoryReader.openIfChanged(disk);
                if (refreshed != null) {
                    disk.close();
                    disk = refreshed;
                }
            } catch (IOException | RuntimeException | InternalError unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is unreadable; covering the "
                        + "store's memories in memory until it is rebuilt", unreadable);
                brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
                Closing.closeQuietly(disk);
                disk = null;
            }
        }
        long watermark = -1;
        if (disk != null) {
            try {
                IndexLayout.Watermark recorded = IndexLayout.watermark(disk.getIndexCommit().getUserData(), storeId);
                watermark = recorded == null ? -1 : recorded.rev();
            } catch (IOException unreadable) {
                watermark = -1;
            }
            if (watermark < 0) {
                Closing.closeQuietly(disk);
                disk = null;
            }
        }
        diskRev = watermark;
        return disk != before;
    }

    /** The commit generation of {@code reader}, or -1 when it cannot be read. */
    private static long generationOf(DirectoryReader reader) {
        try {
            return reader.getIndexCommit().getGeneration();
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
    }

    private boolean takeoverDue() {
        return path != null && clock.millis() >= nextTakeoverMillis;
    }

    private void scheduleTakeover() {
        nextTakeoverMillis = plus(clock.millis(), settings.takeoverIntervalMillis());
    }

    private void tryTakeOver(long latest) throws IOException {
        scheduleTakeover();
        if (!openWriter(false, latest)) {
            return;
        }
        LOG.log(System.Logger.Level.DEBUG, "search index {0}: took over the write lock", where());
        Closing.closeQuietly(disk);
        disk = null;
        diskRev = -1;
        Closing.closeQuietly(overlay);
        overlay = null;
    }

    // ---------------------------------------------------------------- opening the writer (under work)

    /**
     * Tries to take the write lock and open a usable index with it: the existing one when it is
     * readable and current (emptied when it is of another store or format, or does not match the
     * store), else a new one after deleting the directory's files under the lock.
     *
     * @return whether this index is now the writer
     */
    private boolean openWriter(boolean wipeFirst, long latest) throws IOException {
        if (!wipeFirst) {
            IndexWriter candidate;
            try {
                candidate = new IndexWriter(directory, writerConfig(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
            } catch (LockObtainFailedException held) {
                return false;
            } catch (IOException | RuntimeException unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is unreadable; rebuilding it",
                        unreadable);
                candidate = null;
            }
            if (candidate != null) {
                DirectoryReader reader = null;
                try {
                    reader = DirectoryReader.open(candidate);
                    install(candidate, reader, latest);
                    return true;
                } catch (IOException | RuntimeException unreadable) {
                    LOG.log(System.Logger.Level.WARNING, "search index " + where()
                            + " is unreadable; rebuilding it", unreadable);
                    Closing.closeQuietly(reader);
                    Closing.rollbackQuietly(candidate);
                }
            }
        }
        if (!wipe()) {
            return false;
        }
        IndexWriter created;
        try {
            created = new IndexWriter(directory, writerConfig(IndexWriterConfig.OpenMode.CREATE));
        } catch (LockObtainFailedException held) {
            return false;
        }
        try {
            install(created, DirectoryReader.open(created), latest);
        } catch (IOException | RuntimeException e) {
            Closing.rollbackQuietly(created);
            throw e;
        }
        rebuilds.incrementAndGet();
        return true;
    }

    private void install(IndexWriter candidate, DirectoryReader reader, long latest) throws IOException {
        Map<String, String> data = new HashMap<>();
        Iterable<Map.Entry<String, String>> live = candidate.getLiveCommitData();
        if (live != null) {
            live.forEach(entry -> data.put(entry.getKey(), entry.getValue()));
        }
        IndexLayout.Watermark watermark = IndexLayout.watermark(data, storeId);
        String reason = null;
        if (watermark == null) {
            if (!data.isEmpty()) {
                reason = "it belongs to another store or format (" + data + ")";
            }
        } else if (watermark.rev() > latest) {
            reason = "it holds changes up to rev " + watermark.rev() + " but the store's latest is rev " + latest
                    + "; was the store restored from a backup?";
        } else if (!matchesStore(watermark)) {
            reason = "the store's change at rev " + watermark.rev() + " is not the one indexed; was the store "
                    + "restored from a backup?";
        }
        boolean rebuild = watermark == null || reason != null;
        if (rebuild) {
            if (reason != null) {
                LOG.log(System.Logger.Level.INFO, "search index {0}: rebuilding it: {1}", where(), reason);
                rebuilds.incrementAndGet();
            }
            candidate.deleteAll();
            DirectoryReader emptied = DirectoryReader.openIfChanged(reader, candidate);
            if (emptied != null) {
                reader.close();
                reader = emptied;
            }
            watermark = IndexLayout.Watermark.EMPTY;
        }
        writer = candidate;
        writerReader = reader;
        indexedRev = watermark.rev();
        indexedCheck = watermark.check();
        committedRev = rebuild ? -1 : watermark.rev();
        nextCommitMillis = plus(clock.millis(), settings.commitIntervalMillis());
        verifyPending = !rebuild && path != null;
        writing = true;
        installBase(new Base(leaves(reader), List.of(), indexedRev));
    }

    /** Whether the store's change at the watermark rev, if it is still the latest of its memory, is the one indexed. */
    private boolean matchesStore(IndexLayout.Watermark watermark) {
        if (watermark.rev() == 0 || watermark.check() == null) {
            return true;
        }
        List<MemoryDocument> at = source.changedSince(watermark.rev() - 1, 1);
        if (at.isEmpty() || at.get(0).rev() != watermark.rev()) {
            // That memory changed again since: nothing to compare, and nothing that contradicts.
            return true;
        }
        return IndexLayout.check(at.get(0)).equals(watermark.check());
    }

    /** Deletes every index file while holding the write lock; false when another process holds it. */
    private boolean wipe() throws IOException {
        try (org.apache.lucene.store.Lock held = directory.obtainLock(IndexWriter.WRITE_LOCK_NAME)) {
            for (String file : directory.listAll()) {
                if (!file.equals(IndexWriter.WRITE_LOCK_NAME)) {
                    held.ensureValid();
                    try {
                        directory.deleteFile(file);
                    } catch (NoSuchFileException | FileNotFoundException gone) {
                        // Already gone: nothing to delete.
                    }
                }
            }
            return true;
        } catch (LockObtainFailedException otherProcess) {
            return false;
        }
    }

    private IndexWriterConfig writerConfig(IndexWriterConfig.OpenMode mode) {
        IndexWriterConfig config = new IndexWriterConfig(analyzer);
        config.setOpenMode(mode);
        config.setCommitOnClose(false);
        config.setRAMBufferSizeMB(32);
        TieredMergePolicy merges = new TieredMergePolicy();
        merges.setForceMergeDeletesPctAllowed(0);
        config.setMergePolicy(merges);
        return config;
    }

    // ---------------------------------------------------------------- repair (under work)

    /**
     * Repairs damage found while serving: the writer deletes the files and rebuilds from the store
     * (in the following steps, publishing progress); a reader stops using the damaged commit, covers
     * the store in its overlay, and rebuilds itself when it can take the write lock.
     */
    private void repair(Throwable cause) throws IOException {
        long latest = source.latestRev();
        if (writer != null) {
            Closing.closeQuietly(writerReader);
            writerReader = null;
            Closing.rollbackQuietly(writer);
            writer = null;
            writing = false;
        } else if (disk != null) {
            brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
            Closing.closeQuietly(disk);
            disk = null;
            diskRev = -1;
        }
        Closing.closeQuietly(overlay);
        overlay = null;
        views.lock();
        try {
            damage = null;
        } finally {
            views.unlock();
        }
        if (openWriter(true, latest)) {
            LOG.log(System.Logger.Level.INFO, "search index {0}: deleted the damaged files; rebuilding from the "
                    + "store ({1})", where(), cause.toString());
        } else {
            becomeReader();
            overlay.rebase(0);
        }
    }

    // ---------------------------------------------------------------- lifecycle

    /**
     * Stops the background thread, commits what the writer indexed, releases the write lock and closes
     * the index's files. Searches still running finish on their snapshot.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        indexer.stop(STOP_TIMEOUT_MILLIS);
        work.lock();
        views.lock();
        try {
            IOException failure = null;
            if (view != null) {
                try {
                    view.reader.decRef();
                } catch (IOException e) {
                    failure = e;
                }
                view = null;
            }
            try {
                release(base.owned());
            } catch (IOException e) {
                failure = Closing.collect(failure, e);
            }
            base = Base.EMPTY;
            failure = Closing.closeCollecting(writerReader, failure);
            if (writer != null) {
                try {
                    indexRecentChanges();
                    commit();
                    writer.close();
                } catch (IOException | RuntimeException e) {
                    Closing.rollbackQuietly(writer);
                    failure = Closing.collect(failure, e);
                }
                writing = false;
            }
            failure = Closing.closeCollecting(disk, failure);
            failure = Closing.closeCollecting(overlay, failure);
            failure = Closing.closeCollecting(directory, failure);
            analyzer.close();
            if (failure != null) {
                throw new ColonyException(ErrorCode.SEARCH_FAILURE, "closing the search index " + where()
                        + " failed", failure);
            }
        } finally {
            views.unlock();
            work.unlock();
        }
    }

    /**
     * Before the closing commit, gives the writer the changes it has not seen yet when they are few,
     * so that the next start finds the index current; a store that cannot answer any more is no
     * reason to fail closing.
     */
    private void indexRecentChanges() throws IOException {
        if (damage != null) {
            return;
        }
        try {
            long latest = source.latestRev();
            if (latest > indexedRev && latest - indexedRev <= CLOSE_CATCH_UP) {
                indexUpTo(latest, false);
            }
        } catch (ColonyException storeGone) {
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: no final catch-up: {1}", where(),
                    storeGone.getMessage());
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed");
        }
    }

    private ColonyException failure(Throwable cause) {
        if (closed) {
            return new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed", cause);
        }
        return new ColonyException(ErrorCode.SEARCH_FAILURE, "the search index " + where() + " failed: "
                + cause.getMessage(), cause);
    }

    private String where() {
        return path == null ? "(in memory)" : path.toString();
    }

    private static List<IndexReader> leaves(IndexReader reader) {
        List<IndexReader> leaves = new ArrayList<>(reader.leaves().size());
        for (LeafReaderContext leaf : reader.leaves()) {
            leaves.add(leaf.reader());
        }
        return List.copyOf(leaves);
    }

    private static long plus(long millis, long interval) {
        return millis > Long.MAX_VALUE - interval ? Long.MAX_VALUE : millis + interval;
    }

    /** Logs a long catch-up: what it does, its progress every few seconds, and how long it took. */
    private final class Progress {
        private final long total;
        private final long startNanos = System.nanoTime();
        private long done;
        private long lastReport = startNanos;

        Progress(long total) {
            this.total = total;
            LOG.log(System.Logger.Level.INFO, "search index {0}: indexing up to {1} changes from the store",
                    where(), total);
        }

        /** Counts {@code count} more changes; whether progress was due (and logged). */
        boolean due(int count, long rev) {
            done += count;
            long now = System.nanoTime();
            if (now - lastReport < PROGRESS_NANOS) {
                return false;
            }
            lastReport = now;
            LOG.log(System.Logger.Level.INFO, "search index {0}: indexed {1} of up to {2} changes (rev {3})",
                    where(), done, total, rev);
            return true;
        }

        void done() {
            LOG.log(System.Logger.Level.INFO, "search index {0}: indexed {1} changes in {2} ms", where(), done,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
        }
    }
}
