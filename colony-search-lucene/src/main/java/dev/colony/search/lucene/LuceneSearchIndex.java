package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.SearchHit;
import dev.colony.spi.search.MemorySource;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
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
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.store.NativeFSLockFactory;

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
    private final CommitScheduler committer = new CommitScheduler();

    /** The published snapshot; searches take a reference on its reader. */
    private volatile Snapshot view;
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
            if (!IndexFailures.recoverable(first)) {
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
        Snapshot current = acquire();
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
            return current.search(plan);
        } finally {
            release(current);
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

    private static void release(Snapshot current) throws IOException {
        current.reader.decRef();
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
        long through = overlay.through();
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
            overlay.through(through);
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
                    IndexFailures.checkIntegrity(opened);
                    disk = opened;
                }
            } catch (IOException | RuntimeException unreadable) {
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
            } catch (IOException | RuntimeException unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + where() + " is unreadable; covering the "
                        + "store's memories in memory until it is rebuilt", unreadable);
                Closing.closeQuietly(disk);
                disk = null;
            }
        }
        try {
            long watermark = disk == null ? -1 : IndexLayout.watermark(disk.getIndexCommit().getUserData(), storeId);
            diskThrough = watermark < 0 ? -1 : Math.max(watermark, IndexLayout.maxId(disk));
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
            if (overlay.reader().numDocs() > 0) {
                parts.add(overlay.reader());
            }
        }
        Snapshot old = view;
        view = Snapshot.over(parts, analyzer, formatter, coverage);
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
        committer.schedule(this::commitInBackground);
    }

    private void commitInBackground() {
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
     * to some id without gaps, and its largest id point tells which ({@link IndexLayout#maxId}).
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
        Closing.closeQuietly(disk);
        disk = null;
        diskThrough = -1;
        Closing.closeQuietly(overlay);
        overlay = null;
        publish(indexedThrough);
    }

    private void becomeReader() throws IOException {
        if (overlay == null) {
            overlay = new Overlay(analyzer);
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
                    IndexFailures.checkIntegrity(reader);
                    install(candidate, reader);
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
        IndexWriter fresh;
        try {
            fresh = new IndexWriter(directory, writerConfig(IndexWriterConfig.OpenMode.CREATE));
        } catch (LockObtainFailedException held) {
            return false;
        }
        try {
            install(fresh, DirectoryReader.open(fresh));
        } catch (IOException | RuntimeException e) {
            Closing.rollbackQuietly(fresh);
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
        long through = rebuild ? 0 : Math.max(watermark, IndexLayout.maxId(reader));
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

    // ---------------------------------------------------------------- recovery

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
                Closing.closeQuietly(writerReader);
                writerReader = null;
                commitLock.lock();
                try {
                    Closing.rollbackQuietly(writer);
                    writer = null;
                    writing = false;
                } finally {
                    commitLock.unlock();
                }
                boolean reopened = false;
                try {
                    reopened = openWriter(IndexFailures.corrupt(cause));
                } finally {
                    if (!reopened) {
                        becomeReader();
                    }
                }
                publish(0);
            } else {
                if (disk != null && IndexFailures.corrupt(cause)) {
                    brokenGeneration = Math.max(brokenGeneration, disk.getIndexCommit().getGeneration());
                    Closing.closeQuietly(disk);
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
            committer.shutdown();
            IOException failure = null;
            if (view != null) {
                try {
                    view.reader.decRef();
                } catch (IOException e) {
                    failure = e;
                }
            }
            failure = Closing.closeCollecting(writerReader, failure);
            if (writer != null) {
                try {
                    writer.setLiveCommitData(IndexLayout.commitData(storeId, indexedThrough).entrySet());
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
}
