package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.apache.lucene.search.uhighlight.WholeBreakIterator;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.store.NativeFSLockFactory;
import org.apache.lucene.util.NumericUtils;

/**
 * A Lucene index of a store's memories, shared by the processes that open the same directory.
 *
 * <h2>Roles</h2>
 * At any time one process holds Lucene's native write lock on the directory. That <em>writer</em>
 * indexes the memories it reads from the store, searches a near-real-time reader of its own writer,
 * and commits after each catch-up that indexed something (on a background thread, so no search waits
 * for the disk to sync) and on close. The other processes are <em>readers</em>: they search the last
 * commit together with a small in-memory overlay index of the memories written since (ids above the
 * commit's watermark, read from the store), and drop overlay documents once a newer commit covers
 * them. A reader tries to take the write lock at most once per takeover interval, so it becomes the
 * writer when the writer's process goes away.
 *
 * <h2>Freshness</h2>
 * Each search first asks the store for its latest memory id (one cheap call). Only when that is
 * beyond what the index covers does it catch up before searching, so a search sees every memory the
 * store had committed when it started, in whichever process it was written.
 *
 * <h2>Commits</h2>
 * The commit user data records the format version, the store id and a watermark: every memory up to
 * it is in the commit. A background commit may also hold a few newer memories that were indexed while
 * it ran; since memories are added in id order and Lucene commits a prefix of the operations, a
 * commit always holds every memory up to its largest id, which readers take from the id points.
 *
 * <h2>Recovery</h2>
 * An index that is
 * missing, empty, unreadable (corrupt, too old or too new, missing files), of another format version
 * or of another store is rebuilt from the store by the process that holds the write lock; files are
 * only deleted while holding it. A reader that finds the committed index unreadable covers
 * everything from the store in its overlay until a writer has repaired it.
 *
 * <p>Thread-safe: searches run in parallel on reference-counted snapshots and never wait for
 * indexing they do not need; catch-up, commits and recovery are serialised.
 */
public final class LuceneSearchIndex implements SearchIndex {

    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());

    /** Longest searchable text the snippet builder looks at. */
    private static final int MAX_HIGHLIGHT_CHARS = 64 * 1024;
    /** Largest flushed segment kept in memory until commit. */
    private static final double NRT_CACHE_MAX_SEGMENT_MB = 4;
    /** Most memory used for segments not committed yet. */
    private static final double NRT_CACHE_MAX_MB = 32;
    /** A long catch-up commits after this many documents, so a crash keeps most of the work. */
    private static final int COMMIT_EVERY_DOCS = 20_000;

    private final MemorySource source;
    private final String storeId;
    private final Path path;
    private final Directory directory;
    private final Clock clock;
    private final long takeoverIntervalMillis;
    private final int batchSize;
    private final MemoryAnalyzer analyzer = new MemoryAnalyzer();
    private final QueryPlanner planner = new QueryPlanner(analyzer, LuceneSearch.RESULT_DEMOTION);
    private final SnippetFormatter formatter = new SnippetFormatter(LuceneSearch.SNIPPET_MAX_CHARS);

    /** Serialises every change of the index and of the fields below it. */
    private final ReentrantLock mutex = new ReentrantLock();
    /**
     * Serialises commits, and changes of {@link #writer} (always taken after {@link #mutex} when both
     * are needed). Commits do not take the mutex, so indexing and searching never wait for a sync.
     */
    private final ReentrantLock commitLock = new ReentrantLock();
    private final AtomicBoolean commitScheduled = new AtomicBoolean();

    /** The published snapshot; searches take a reference on its reader. */
    private volatile View view;
    private volatile boolean closed;
    /** Whether this index holds the write lock (mirrors {@code writer != null} for lock-free reads). */
    private volatile boolean writing;
    private volatile long nextTakeoverMillis;

    // Writer role (writer != null); changed under mutex (writer also under commitLock).
    private IndexWriter writer;
    private DirectoryReader writerReader;
    /** Every memory up to this id has been added to the writer, none above it. */
    private volatile long indexedThrough;
    /** The watermark of the last commit; -1 when the writer holds a rebuild no commit describes yet. */
    private volatile long committedThrough;
    private ExecutorService committer;

    // Reader role (writer == null); guarded by mutex.
    private DirectoryReader disk;
    /** The watermark of {@link #disk}, or -1 when it is absent or unusable. */
    private long diskThrough = -1;
    /** Commits up to this generation were found unreadable and are skipped. */
    private long brokenGeneration = -1;
    private Overlay overlay;

    private LuceneSearchIndex(MemorySource source, Path path, Directory directory, Clock clock,
            long takeoverIntervalMillis, int batchSize) {
        this.source = source;
        this.storeId = source.storeId();
        this.path = path;
        this.directory = directory;
        this.clock = clock;
        this.takeoverIntervalMillis = takeoverIntervalMillis;
        this.batchSize = batchSize;
    }

    /** Opens the index in {@code path} (or in memory when {@code null}) and catches up. */
    static LuceneSearchIndex open(MemorySource source, Path path, Clock clock, long takeoverIntervalMillis,
            int batchSize) {
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
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "cannot open the search index directory " + path, e);
        }
        LuceneSearchIndex index = new LuceneSearchIndex(source, path, directory, clock, takeoverIntervalMillis,
                batchSize);
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
        long latest = source.latestId();
        mutex.lock();
        try {
            if (!openWriter(false)) {
                becomeReader();
            }
            catchUp(latest);
            commit();
        } catch (IOException | UncheckedIOException | AlreadyClosedException e) {
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "cannot open the search index " + where(), e);
        } finally {
            mutex.unlock();
        }
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
        ensureOpen();
        Optional<QueryPlanner.Plan> plan;
        try {
            plan = planner.plan(request);
        } catch (UncheckedIOException | AlreadyClosedException e) {
            throw failure(e);
        }
        if (plan.isEmpty()) {
            return List.of();
        }
        long latest = source.latestId();
        try {
            return searchFresh(plan.get(), latest);
        } catch (IOException | UncheckedIOException | AlreadyClosedException first) {
            if (!recoverable(first)) {
                throw failure(first);
            }
            recover(first);
        } catch (ColonyException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure(e);
        }
        try {
            return searchFresh(plan.get(), latest);
        } catch (IOException | UncheckedIOException | AlreadyClosedException second) {
            throw failure(second);
        } catch (ColonyException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure(e);
        }
    }

    /** Searches a snapshot that covers every memory up to {@code latest}, catching up first if needed. */
    private List<SearchHit> searchFresh(QueryPlanner.Plan plan, long latest) throws IOException {
        View current = acquire();
        if (latest > current.coverage || takeoverDue()) {
            release(current);
            mutex.lock();
            try {
                ensureOpen();
                if (takeoverDue()) {
                    tryTakeOver();
                }
                if (latest > view.coverage) {
                    catchUp(latest);
                }
                current = acquire();
            } finally {
                mutex.unlock();
            }
        }
        try {
            return execute(current, plan);
        } finally {
            release(current);
        }
    }

    private View acquire() {
        while (true) {
            ensureOpen();
            View current = view;
            if (current.reader.tryIncRef()) {
                return current;
            }
            // The snapshot was replaced (or the index closed) after it was read: read the field again.
        }
    }

    private static void release(View current) throws IOException {
        current.reader.decRef();
    }

    private List<SearchHit> execute(View current, QueryPlanner.Plan plan) throws IOException {
        // No total hit count is needed, so pruning of non-competitive documents starts at once.
        TopDocs top = current.searcher.search(plan.full(),
                new TopScoreDocCollectorManager(plan.limit(), null, plan.limit()));
        if (top.scoreDocs.length == 0) {
            return List.of();
        }
        String[] snippets = current.highlighter.highlight(IndexLayout.TEXT, plan.text(), top, 1);
        List<LeafReaderContext> leaves = current.reader.leaves();
        List<SearchHit> hits = new ArrayList<>(top.scoreDocs.length);
        for (int i = 0; i < top.scoreDocs.length; i++) {
            ScoreDoc scoreDoc = top.scoreDocs[i];
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(scoreDoc.doc, leaves));
            hits.add(hit(leaf.reader(), scoreDoc.doc - leaf.docBase, snippets[i] == null ? "" : snippets[i],
                    scoreDoc.score));
        }
        return hits;
    }

    /** A hit read from doc values (no stored-field decompression), the snippet already made. */
    private static SearchHit hit(LeafReader reader, int doc, String snippet, float score) throws IOException {
        long id = numeric(reader, IndexLayout.ID, doc);
        long task = numeric(reader, IndexLayout.TASK, doc);
        long created = numeric(reader, IndexLayout.CREATED, doc);
        Instant ts;
        if (created == Long.MIN_VALUE || created == Long.MAX_VALUE) {
            ts = Instant.parse(reader.storedFields().document(doc, Set.of(IndexLayout.CREATED_STORED))
                    .get(IndexLayout.CREATED_STORED));
        } else {
            ts = Instant.ofEpochSecond(Math.floorDiv(created, 1_000_000_000L), Math.floorMod(created, 1_000_000_000L));
        }
        return new SearchHit(MemoryId.of(id), SessionId.of(keyword(reader, IndexLayout.SESSION, doc)),
                MemoryKind.of(keyword(reader, IndexLayout.KIND, doc)), snippet, score, ts,
                task == 0 ? null : TaskId.of(task));
    }

    /** The single value of a numeric field of a document, or 0 when it has none. */
    private static long numeric(LeafReader reader, String field, int doc) throws IOException {
        SortedNumericDocValues values = DocValues.getSortedNumeric(reader, field);
        return values.advanceExact(doc) ? values.nextValue() : 0;
    }

    private static String keyword(LeafReader reader, String field, int doc) throws IOException {
        SortedSetDocValues values = DocValues.getSortedSet(reader, field);
        if (!values.advanceExact(doc)) {
            throw new CorruptIndexException("document " + doc + " has no " + field, reader.toString());
        }
        return values.lookupOrd(values.nextOrd()).utf8ToString();
    }

    // ---------------------------------------------------------------- catch-up (under mutex)

    private void catchUp(long target) throws IOException {
        if (writer != null) {
            catchUpWriter(target);
        } else {
            catchUpReader(target);
        }
    }

    private void catchUpWriter(long target) throws IOException {
        long through = indexedThrough;
        boolean exhausted = false;
        int sinceCommit = 0;
        while (through < target) {
            List<MemoryDocument> batch = source.after(through, batchSize);
            long before = through;
            for (MemoryDocument memory : batch) {
                long id = memory.memory().id().value();
                if (id > through) {
                    writer.addDocument(IndexLayout.document(memory));
                    through = id;
                    indexedThrough = id;
                    sinceCommit++;
                }
            }
            if (through == before) {
                // Nothing after `through` (or nothing new in the batch): everything up to the target is in.
                exhausted = true;
                break;
            }
            if (sinceCommit >= COMMIT_EVERY_DOCS) {
                commit();
                sinceCommit = 0;
            }
        }
        DirectoryReader refreshed = DirectoryReader.openIfChanged(writerReader, writer);
        if (refreshed != null) {
            writerReader.close();
            writerReader = refreshed;
        }
        publish(exhausted ? Math.max(indexedThrough, target) : indexedThrough);
        if (indexedThrough != committedThrough) {
            scheduleCommit();
        }
    }

    private void catchUpReader(long target) throws IOException {
        refreshDisk();
        overlay.coverFrom(Math.max(diskThrough, 0));
        long through = overlay.through;
        boolean exhausted = false;
        try {
            while (through < target) {
                List<MemoryDocument> batch = source.after(through, batchSize);
                long before = through;
                for (MemoryDocument memory : batch) {
                    long id = memory.memory().id().value();
                    if (id > through) {
                        overlay.add(memory);
                        through = id;
                    }
                }
                if (through == before) {
                    exhausted = true;
                    break;
                }
            }
        } finally {
            overlay.through = through;
            overlay.refresh();
        }
        publish(exhausted ? Math.max(through, target) : through);
    }

    /**
     * Moves {@link #disk} to the newest readable commit, or to none. A commit found unreadable is
     * remembered by generation and not tried again; a newer commit (a writer's repair) is.
     */
    private void refreshDisk() {
        if (disk == null) {
            DirectoryReader opened = null;
            long generation = -1;
            try {
                generation = SegmentInfos.getLastCommitGeneration(directory);
                if (generation > brokenGeneration) {
                    opened = DirectoryReader.open(directory);
                    checkIntegrity(opened);
                    disk = opened;
                }
            } catch (IOException | RuntimeException unreadable) {
                brokenGeneration = Math.max(brokenGeneration, generation);
                closeQuietly(opened);
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
            } catch (IOException | RuntimeException unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is unreadable; covering the "
                        + "store's memories in memory until it is rebuilt", unreadable);
                closeQuietly(disk);
                disk = null;
            }
        }
        try {
            long watermark = disk == null ? -1 : IndexLayout.watermark(disk.getIndexCommit().getUserData(), storeId);
            diskThrough = watermark < 0 ? -1 : Math.max(watermark, maxId(disk));
        } catch (IOException unreadable) {
            diskThrough = -1;
        }
    }

    /** Publishes a snapshot over the current readers that covers every id up to {@code coverage}. */
    private void publish(long coverage) throws IOException {
        List<IndexReader> parts = new ArrayList<>(2);
        if (writer != null) {
            parts.add(writerReader);
        } else {
            if (disk != null && diskThrough >= 0) {
                parts.add(disk);
            }
            if (overlay.reader.numDocs() > 0) {
                parts.add(overlay.reader);
            }
        }
        MultiReader reader = new MultiReader(parts.toArray(new IndexReader[0]), false);
        IndexSearcher searcher = new IndexSearcher(reader);
        UnifiedHighlighter highlighter = new SnippetHighlighter(UnifiedHighlighter.builder(searcher, analyzer)
                .withBreakIterator(WholeBreakIterator::new)
                .withFormatter(formatter)
                .withMaxLength(MAX_HIGHLIGHT_CHARS)
                .withWeightMatches(false)
                .withMaxNoHighlightPassages(1));
        View old = view;
        view = new View(reader, searcher, highlighter, coverage);
        if (old != null) {
            old.reader.decRef();
        }
    }

    // ---------------------------------------------------------------- commits

    /** Commits soon on a background thread (at once, for an in-memory index). Under mutex. */
    private void scheduleCommit() throws IOException {
        if (path == null) {
            commit();
            return;
        }
        if (commitScheduled.compareAndSet(false, true)) {
            if (committer == null) {
                committer = Executors.newSingleThreadExecutor(task -> {
                    Thread thread = new Thread(task, "colony-search-commit");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            committer.execute(this::commitInBackground);
        }
    }

    private void commitInBackground() {
        commitScheduled.set(false);
        try {
            commit();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "committing the search index " + where() + " failed", e);
        }
    }

    /**
     * Commits what the writer holds, if anything changed since the last commit. The watermark is read
     * before the commit starts, so every memory up to it is in the commit; memories that catch-up
     * added while the commit ran may be in it too. Lucene commits exactly the operations up to a
     * sequence number, and memories are added in id order, so a commit always holds the memories up
     * to some id without gaps, and its largest id point tells which ({@link #maxId}).
     */
    private void commit() throws IOException {
        commitLock.lock();
        try {
            IndexWriter current = writer;
            long through = indexedThrough;
            if (closed || current == null || through == committedThrough) {
                return;
            }
            current.setLiveCommitData(IndexLayout.commitData(storeId, through).entrySet());
            current.commit();
            committedThrough = through;
        } finally {
            commitLock.unlock();
        }
    }

    /** Commits now whatever this index, as the writer, has indexed and not committed yet (for tests). */
    void commitNow() {
        ensureOpen();
        try {
            commit();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    /** The largest memory id in {@code reader}, or 0 when it is empty. */
    private static long maxId(IndexReader reader) throws IOException {
        long max = 0;
        for (LeafReaderContext leaf : reader.leaves()) {
            PointValues points = leaf.reader().getPointValues(IndexLayout.ID);
            if (points != null && points.size() > 0) {
                max = Math.max(max, NumericUtils.sortableBytesToLong(points.getMaxPackedValue(), 0));
            }
        }
        return max;
    }

    // ---------------------------------------------------------------- roles (under mutex)

    private boolean takeoverDue() {
        return !writing && path != null && clock.millis() >= nextTakeoverMillis;
    }

    private void scheduleTakeover() {
        long now = clock.millis();
        nextTakeoverMillis = now > Long.MAX_VALUE - takeoverIntervalMillis ? Long.MAX_VALUE
                : now + takeoverIntervalMillis;
    }

    private void tryTakeOver() throws IOException {
        scheduleTakeover();
        if (!openWriter(false)) {
            return;
        }
        LOG.log(System.Logger.Level.DEBUG, "search index {0}: took over the write lock", where());
        closeQuietly(disk);
        disk = null;
        diskThrough = -1;
        closeQuietly(overlay);
        overlay = null;
        publish(indexedThrough);
    }

    private void becomeReader() throws IOException {
        if (overlay == null) {
            overlay = new Overlay();
        }
        scheduleTakeover();
        publish(0);
    }

    /**
     * Tries to take the write lock and open a usable index with it: the existing one when it is
     * readable (emptied when it is of another store or format version), else a new one after
     * deleting the directory's files under the lock.
     *
     * @return whether this index is now the writer
     */
    private boolean openWriter(boolean wipeFirst) throws IOException {
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
                    checkIntegrity(reader);
                    install(candidate, reader);
                    return true;
                } catch (IOException | RuntimeException unreadable) {
                    LOG.log(System.Logger.Level.WARNING, "search index " + where()
                            + " is unreadable; rebuilding it", unreadable);
                    closeQuietly(reader);
                    rollbackQuietly(candidate);
                }
            }
        }
        if (!wipe()) {
            return false;
        }
        IndexWriter fresh;
        try {
            fresh = new IndexWriter(directory, writerConfig(IndexWriterConfig.OpenMode.CREATE));
        } catch (LockObtainFailedException held) {
            return false;
        }
        try {
            install(fresh, DirectoryReader.open(fresh));
        } catch (IOException | RuntimeException e) {
            rollbackQuietly(fresh);
            throw e;
        }
        return true;
    }

    private void install(IndexWriter candidate, DirectoryReader reader) throws IOException {
        Map<String, String> data = new HashMap<>();
        Iterable<Map.Entry<String, String>> live = candidate.getLiveCommitData();
        if (live != null) {
            live.forEach(entry -> data.put(entry.getKey(), entry.getValue()));
        }
        long watermark = IndexLayout.watermark(data, storeId);
        boolean rebuild = watermark < 0;
        if (rebuild) {
            if (!data.isEmpty()) {
                LOG.log(System.Logger.Level.INFO, "search index {0} belongs to another store or format ({1}); "
                        + "rebuilding it", where(), data);
            }
            candidate.deleteAll();
            DirectoryReader emptied = DirectoryReader.openIfChanged(reader, candidate);
            if (emptied != null) {
                reader.close();
                reader = emptied;
            }
            watermark = 0;
        }
        long through = rebuild ? 0 : Math.max(watermark, maxId(reader));
        candidate.setLiveCommitData(IndexLayout.commitData(storeId, through).entrySet());
        commitLock.lock();
        try {
            writer = candidate;
            writerReader = reader;
            indexedThrough = through;
            committedThrough = rebuild ? -1 : watermark;
            writing = true;
        } finally {
            commitLock.unlock();
        }
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
        config.setCommitOnClose(true);
        config.setRAMBufferSizeMB(32);
        return config;
    }

    private static void checkIntegrity(DirectoryReader reader) throws IOException {
        for (LeafReaderContext leaf : reader.leaves()) {
            leaf.reader().checkIntegrity();
        }
    }

    // ---------------------------------------------------------------- recovery

    /** Whether a failure says the index files are damaged. */
    private static boolean corrupt(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof CorruptIndexException || t instanceof IndexFormatTooOldException
                    || t instanceof IndexFormatTooNewException || t instanceof NoSuchFileException
                    || t instanceof FileNotFoundException || t instanceof EOFException) {
                return true;
            }
        }
        return false;
    }

    /** Whether reopening the index may cure a failure: damaged files, or a writer that closed itself. */
    private static boolean recoverable(Throwable failure) {
        if (corrupt(failure)) {
            return true;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof AlreadyClosedException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reopens after a failure: the writer reopens its index (rebuilding it when its files are damaged
     * or unreadable); a reader stops using the commit and covers everything from the store.
     */
    private void recover(Throwable cause) {
        mutex.lock();
        try {
            ensureOpen();
            LOG.log(System.Logger.Level.WARNING, "search index " + where() + " failed; reopening it", cause);
            if (writer != null) {
                closeQuietly(writerReader);
                writerReader = null;
                commitLock.lock();
                try {
                    rollbackQuietly(writer);
                    writer = null;
                    writing = false;
                } finally {
                    commitLock.unlock();
                }
                boolean reopened = false;
                try {
                    reopened = openWriter(corrupt(cause));
                } finally {
                    if (!reopened) {
                        becomeReader();
                    }
                }
                publish(0);
            } else {
                if (disk != null && corrupt(cause)) {
                    brokenGeneration = Math.max(brokenGeneration, disk.getIndexCommit().getGeneration());
                    closeQuietly(disk);
                    disk = null;
                }
                diskThrough = -1;
                overlay.coverFrom(0);
                overlay.refresh();
                publish(0);
            }
        } catch (IOException | UncheckedIOException e) {
            throw failure(e);
        } finally {
            mutex.unlock();
        }
    }

    // ---------------------------------------------------------------- lifecycle

    /**
     * Commits what the writer indexed, releases the write lock and closes the index's files. Searches
     * still running finish on their snapshot.
     */
    @Override
    public void close() {
        mutex.lock();
        commitLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (committer != null) {
                committer.shutdown();
            }
            IOException failure = null;
            if (view != null) {
                try {
                    view.reader.decRef();
                } catch (IOException e) {
                    failure = e;
                }
            }
            failure = closeCollecting(writerReader, failure);
            if (writer != null) {
                try {
                    writer.setLiveCommitData(IndexLayout.commitData(storeId, indexedThrough).entrySet());
                    writer.close();
                } catch (IOException | RuntimeException e) {
                    rollbackQuietly(writer);
                    failure = collect(failure, e);
                }
                writing = false;
            }
            failure = closeCollecting(disk, failure);
            failure = closeCollecting(overlay, failure);
            failure = closeCollecting(directory, failure);
            analyzer.close();
            if (failure != null) {
                throw new ColonyException(ErrorCode.SEARCH_FAILURE, "closing the search index " + where()
                        + " failed", failure);
            }
        } finally {
            commitLock.unlock();
            mutex.unlock();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed");
        }
    }

    private ColonyException failure(Throwable cause) {
        if (cause instanceof AlreadyClosedException && closed) {
            return new ColonyException(ErrorCode.CLOSED, "the search index " + where() + " is closed", cause);
        }
        return new ColonyException(ErrorCode.SEARCH_FAILURE, "the search index " + where() + " failed: "
                + cause.getMessage(), cause);
    }

    private String where() {
        return path == null ? "(in memory)" : path.toString();
    }

    private static IOException collect(IOException failure, Exception next) {
        IOException io = next instanceof IOException ioe ? ioe : new IOException(next);
        if (failure == null) {
            return io;
        }
        failure.addSuppressed(io);
        return failure;
    }

    private static IOException closeCollecting(AutoCloseable closeable, IOException failure) {
        if (closeable == null) {
            return failure;
        }
        try {
            closeable.close();
            return failure;
        } catch (Exception e) {
            return collect(failure, e);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // Best effort: the resource is abandoned either way.
            }
        }
    }

    private static void rollbackQuietly(IndexWriter writer) {
        try {
            writer.rollback();
        } catch (IOException | RuntimeException ignored) {
            // Rolling back releases the lock and files; a failure leaves nothing more to do.
        }
    }

    /**
     * A published snapshot: a reader over a fixed set of readers (it holds references to them), its
     * searcher and highlighter, and the highest memory id up to which it is complete.
     */
    private static final class View {
        final MultiReader reader;
        final IndexSearcher searcher;
        final UnifiedHighlighter highlighter;
        final long coverage;

        View(MultiReader reader, IndexSearcher searcher, UnifiedHighlighter highlighter, long coverage) {
            this.reader = reader;
            this.searcher = searcher;
            this.highlighter = highlighter;
            this.coverage = coverage;
        }
    }

    /**
     * The reader role's in-memory index of the memories after the committed watermark. It holds
     * exactly the memories with ids in ({@code from}, {@code through}].
     */
    private final class Overlay implements AutoCloseable {
        private final ByteBuffersDirectory store = new ByteBuffersDirectory();
        private final IndexWriter overlayWriter;
        DirectoryReader reader;
        long from;
        long through;

        Overlay() throws IOException {
            IndexWriterConfig config = new IndexWriterConfig(analyzer);
            config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
            config.setCommitOnClose(false);
            overlayWriter = new IndexWriter(store, config);
            reader = DirectoryReader.open(overlayWriter);
        }

        /** Makes the overlay start right after {@code watermark}: drops what it covers, or resets on a gap. */
        void coverFrom(long watermark) throws IOException {
            if (watermark < from) {
                overlayWriter.deleteAll();
                from = watermark;
                through = watermark;
            } else if (watermark > from) {
                overlayWriter.deleteDocuments(LongField.newRangeQuery(IndexLayout.ID, Long.MIN_VALUE, watermark));
                from = watermark;
                through = Math.max(through, watermark);
            }
        }

        void add(MemoryDocument memory) throws IOException {
            overlayWriter.addDocument(IndexLayout.document(memory));
        }

        void refresh() throws IOException {
            DirectoryReader refreshed = DirectoryReader.openIfChanged(reader, overlayWriter);
            if (refreshed != null) {
                reader.close();
                reader = refreshed;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                reader.close();
            } finally {
                try {
                    overlayWriter.rollback();
                } finally {
                    store.close();
                }
            }
        }
    }
}
