package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.Presence;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * The writer role of one {@link LuceneSearchIndex}: in the process that holds Lucene's write lock, it opens (or
 * wipes and rebuilds) the index, gives its {@link IndexWriter} every change of the store's feed, publishes its
 * near-real-time reader as the base layer, and commits with the watermark on the Colony's clock.
 *
 * <p>Used only under the index's work lock, apart from {@link #holdsWriteLock()} and the counters.
 */
final class WriterRole {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());
    /** A long catch-up commits after this many documents, so a crash keeps most of the work. */
    private static final int COMMIT_EVERY_DOCS = 20_000;
    /** Closing indexes at most this many changes it has not seen yet before its commit. */
    private static final long CLOSE_CATCH_UP = 10_000;
    /**
     * A catch-up of at least this many changes (a build, a rebuild, a long absence) is followed by merging the
     * index into one segment in the background: a nearest-neighbour search visits every segment's graph, and
     * searching the 30 segments a build of 100,000 memories flushes costs about five times one segment's.
     */
    static final long COMPACT_AFTER_CHANGES = 10_000;
    /**
     * How long after such a catch-up, on the Colony's clock, the merge starts if the index is still open: a
     * command that built the index and exits does not spend a core on a merge (about two minutes for 100,000
     * memories on two cores) that only a process staying up would profit from.
     */
    static final long COMPACT_DELAY_MILLIS = 60_000;

    private final IndexContext context;
    private final PublishedLayers layers;
    private final SearchDemand demand;

    /** Whether this index holds the write lock. */
    private volatile boolean writing;
    private final AtomicLong rebuilds = new AtomicLong();
    /** How often the writer's reader was reopened with new changes, for tests. */
    private final AtomicLong refreshes = new AtomicLong();
    /** When the writer's reader was last reopened (system timer). */
    private long lastRefreshNanos = System.nanoTime() - TimeUnit.DAYS.toNanos(1);

    // Guarded by the work lock.
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
    /**
     * Whether a merge has ended since the last commit began: the merged segments are then committed even with no
     * change to commit, so that other processes open them, and the files they replace are deleted. Set by merge
     * threads.
     */
    private final AtomicBoolean mergedSinceCommit = new AtomicBoolean();
    /** When the compaction a long catch-up asked for is due (the Colony's clock); -1 when none is. */
    private long compactAtMillis = -1;

    WriterRole(IndexContext context, PublishedLayers layers, SearchDemand demand) {
        this.context = context;
        this.layers = layers;
        this.demand = demand;
    }

    /** Whether this index holds the directory's write lock (it is the one that indexes and commits). */
    boolean holdsWriteLock() {
        return writing;
    }

    /** Whether this index has its writer open now. */
    boolean isOpen() {
        return writer != null;
    }

    /** How often the writer has reopened its reader with new changes so far (for tests). */
    long refreshes() {
        return refreshes.get();
    }

    /** How many times this index was rebuilt while open or on open (for tests and diagnostics). */
    long rebuilds() {
        return rebuilds.get();
    }

    // ---------------------------------------------------------------- opening the writer

    /**
     * Tries to take the write lock and open a usable index with it: the existing one when it is
     * readable and current (emptied when it is of another store or format, or does not match the
     * store), else a new one after deleting the directory's files under the lock.
     *
     * @return whether this index is now the writer
     */
    boolean open(boolean wipeFirst, long latest) throws IOException {
        Directory directory = context.directory();
        if (!wipeFirst) {
            IndexWriter candidate;
            try {
                candidate = new IndexWriter(directory, writerConfig(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
            } catch (LockObtainFailedException held) {
                return false;
            } catch (IOException | RuntimeException unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + context.where() + " is unreadable; "
                        + "rebuilding it", unreadable);
                candidate = null;
            }
            if (candidate != null) {
                DirectoryReader reader = null;
                try {
                    reader = DirectoryReader.open(candidate);
                    install(candidate, reader, latest);
                    return true;
                } catch (IOException | RuntimeException unreadable) {
                    LOG.log(System.Logger.Level.WARNING, "search index " + context.where()
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
        IndexLayout.Watermark watermark = IndexLayout.watermark(data, context.storeId());
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
                LOG.log(System.Logger.Level.INFO, "search index {0}: rebuilding it: {1}", context.where(), reason);
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
        nextCommitMillis = IndexContext.plus(context.clock().millis(), context.settings().commitIntervalMillis());
        verifyPending = !rebuild && context.path() != null;
        writing = true;
        layers.installBase(new PublishedLayers.Base(PublishedLayers.leaves(reader), List.of(), indexedRev));
    }

    /** Whether the store's change at the watermark rev, if it is still the latest of its memory, is the one indexed. */
    private boolean matchesStore(IndexLayout.Watermark watermark) {
        if (watermark.rev() == 0 || watermark.check() == null) {
            return true;
        }
        List<MemoryDocument> at = context.source().changedSince(watermark.rev() - 1, 1);
        if (at.isEmpty() || at.get(0).rev() != watermark.rev()) {
            // That memory changed again since: nothing to compare, and nothing that contradicts.
            return true;
        }
        return IndexLayout.check(at.get(0)).equals(watermark.check());
    }

    /** Deletes every index file while holding the write lock; false when another process holds it. */
    private boolean wipe() throws IOException {
        Directory directory = context.directory();
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
        IndexWriterConfig config = new IndexWriterConfig(context.analyzer());
        config.setOpenMode(mode);
        config.setCommitOnClose(false);
        config.setRAMBufferSizeMB(32);
        TieredMergePolicy merges = new TieredMergePolicy();
        merges.setForceMergeDeletesPctAllowed(0);
        config.setMergePolicy(merges);
        config.setMergeScheduler(new YieldingMergeScheduler(context.foreground(), () -> mergedSinceCommit.set(true)));
        return config;
    }

    /**
     * Drops the writer, whose state after a failure is unknown, without committing: releases the write lock and
     * closes its reader.
     */
    void drop() {
        Closing.closeQuietly(writerReader);
        writerReader = null;
        Closing.rollbackQuietly(writer);
        writer = null;
        writing = false;
        compactAtMillis = -1;
    }

    // ---------------------------------------------------------------- indexing

    /**
     * Indexes every change up to {@code target} (and any newer one read on the way), then makes them
     * searchable through a new base layer if someone searched recently or {@code publish} asks for it.
     */
    void catchUp(long target, boolean publish) throws IOException {
        if (target < indexedRev) {
            rebuild("the store's latest change (rev " + target + ") is older than the index's (rev "
                    + indexedRev + "); was the store restored from a backup?");
        }
        indexUpTo(target, true);
        if (publish || demand.searchedRecently() && refreshDue()) {
            refresh();
        }
    }

    /**
     * Whether the searched writer should reopen its reader now: a search waits for it, the changes searches added
     * to the fresh layer themselves have piled up, or {@link LuceneSearch#REFRESH_GAP} has passed since the last
     * reopening. Otherwise the searches' own fresh layer keeps every write found at once.
     */
    private boolean refreshDue() {
        if (demand.awaited() || System.nanoTime() - lastRefreshNanos >= context.settings().refreshGapNanos()) {
            return true;
        }
        return layers.freshSize() >= context.settings().inlineChanges();
    }

    /**
     * Gives the writer every change up to {@code target}; with {@code publishing}, a long catch-up
     * publishes its progress every few seconds. Stops early when the index is closing, unless it is
     * the final catch-up of {@link #close}.
     */
    private void indexUpTo(long target, boolean publishing) throws IOException {
        long from = indexedRev;
        long backlog = target - from;
        CatchUpProgress progress = backlog > CatchUpProgress.LOGGED_BACKLOG
                ? new CatchUpProgress(context.where(), backlog) : null;
        long sinceCommit = 0;
        while (indexedRev < target && (!context.closed() || !publishing)) {
            List<MemoryDocument> batch = context.source().changedSince(indexedRev, context.settings().batchSize());
            if (batch.isEmpty()) {
                break;
            }
            for (MemoryDocument change : batch) {
                writer.updateDocuments(IndexLayout.uidTerm(change.memory().id().value()),
                        IndexLayout.documents(change));
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
                refresh();
            }
        }
        if (progress != null) {
            progress.done();
            if (publishing && !context.closed()) {
                // Searches saw its progress; they see its end at once, not at the next search's refresh.
                refresh();
            }
        }
        if (indexedRev - from >= COMPACT_AFTER_CHANGES) {
            compactAtMillis = IndexContext.plus(context.clock().millis(), COMPACT_DELAY_MILLIS);
        }
    }

    /**
     * Starts merging every segment into one, in the background, when a long catch-up asked for it and its delay has
     * passed (see {@link #COMPACT_AFTER_CHANGES}); searches keep reading the segments they have until the merged one
     * is published, and its commit follows ({@link #commitDue()}).
     */
    void compactIfDue() throws IOException {
        if (writer == null || compactAtMillis < 0 || context.clock().millis() < compactAtMillis) {
            return;
        }
        compactAtMillis = -1;
        LOG.log(System.Logger.Level.INFO, "search index {0}: merging its segments into one in the background",
                context.where());
        writer.forceMerge(1, false);
    }

    private void refresh() throws IOException {
        lastRefreshNanos = System.nanoTime();
        DirectoryReader refreshed = DirectoryReader.openIfChanged(writerReader, writer);
        if (refreshed != null) {
            refreshes.incrementAndGet();
            DirectoryReader old = writerReader;
            writerReader = refreshed;
            layers.installBase(new PublishedLayers.Base(PublishedLayers.leaves(refreshed), List.of(), indexedRev));
            old.close();
        } else if (indexedRev > layers.baseThrough()) {
            layers.installBase(new PublishedLayers.Base(PublishedLayers.leaves(writerReader), List.of(),
                    indexedRev));
        }
    }

    /** Empties the writer's index so that it is rebuilt from the start of the change feed. */
    private void rebuild(String reason) throws IOException {
        LOG.log(System.Logger.Level.INFO, "search index {0}: rebuilding it: {1}", context.where(), reason);
        rebuilds.incrementAndGet();
        writer.deleteAll();
        indexedRev = 0;
        indexedCheck = null;
        committedRev = -1;
        DirectoryReader emptied = DirectoryReader.openIfChanged(writerReader, writer);
        if (emptied != null) {
            DirectoryReader old = writerReader;
            writerReader = emptied;
            layers.installBase(new PublishedLayers.Base(PublishedLayers.leaves(emptied), List.of(), 0));
            old.close();
        }
    }

    /** Checks the files of an index reused as it was, once, after opening it. */
    void verifyIfPending() throws IOException {
        if (verifyPending) {
            verifyPending = false;
            IndexFailures.checkIntegrity(writerReader);
        }
    }

    // ---------------------------------------------------------------- committing

    /** Every change up to this rev has been given to the writer. */
    long indexedRev() {
        return indexedRev;
    }

    /** Whether the index just opened should commit at once: no commit describes it, or it caught up far. */
    boolean openingCommitDue() {
        return committedRev < 0 || indexedRev - committedRev >= COMMIT_EVERY_DOCS;
    }

    /** Whether there is something to commit and the commit interval has passed on the Colony's clock. */
    boolean commitDue() {
        return (indexedRev != committedRev || mergedSinceCommit.get()) && context.clock().millis() >= nextCommitMillis;
    }

    /**
     * Commits what the writer holds, with its watermark, if anything changed since the last commit.
     * Only the thread holding the work lock indexes, so the commit holds exactly the changes up to
     * {@link #indexedRev}.
     */
    void commit() throws IOException {
        if (writer == null) {
            return;
        }
        // Cleared before the commit begins: a merge ending during it is committed by the next one.
        boolean merged = mergedSinceCommit.getAndSet(false);
        if (indexedRev == committedRev && !merged) {
            return;
        }
        if (expunge) {
            // A purged memory's text and vector must leave the files too, not only be marked deleted.
            writer.forceMergeDeletes(true);
            expunge = false;
        }
        writer.setLiveCommitData(IndexLayout.commitData(context.storeId(), indexedRev, indexedCheck).entrySet());
        writer.commit();
        committedRev = indexedRev;
        nextCommitMillis = IndexContext.plus(context.clock().millis(), context.settings().commitIntervalMillis());
    }

    // ---------------------------------------------------------------- closing

    /**
     * Closes the writer's reader, then gives the writer the few changes it has not seen and commits them, then
     * closes the writer (rolled back when that fails) and {@code afterwards}: at once, or after a large running
     * merge on a thread of their own ({@link WriterClosing}), so that closing never waits for a merge to rebuild
     * a vector graph. Without a writer, {@code afterwards} is closed at once.
     *
     * @return {@code failure} with what failed here added
     */
    IOException close(IOException failure, Closeable afterwards) {
        failure = Closing.closeCollecting(writerReader, failure);
        if (writer == null) {
            return Closing.closeCollecting(afterwards, failure);
        }
        writing = false;
        try {
            indexRecentChanges();
            commit();
        } catch (IOException | RuntimeException e) {
            Closing.rollbackQuietly(writer);
            return Closing.closeCollecting(afterwards, Closing.collect(failure, e));
        }
        try {
            WriterClosing.close(writer, afterwards, WriterClosing.LARGE_MERGE_DOCS, context.where());
        } catch (IOException e) {
            failure = Closing.collect(failure, e);
        }
        return failure;
    }

    /**
     * Before the closing commit, gives the writer the changes it has not seen yet when they are few,
     * so that the next start finds the index current; a store that cannot answer any more is no
     * reason to fail closing.
     */
    private void indexRecentChanges() throws IOException {
        if (layers.damage() != null) {
            return;
        }
        try {
            long latest = context.source().latestRev();
            if (latest > indexedRev && latest - indexedRev <= CLOSE_CATCH_UP) {
                indexUpTo(latest, false);
            }
        } catch (ColonyException storeGone) {
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: no final catch-up: {1}", context.where(),
                    storeGone.getMessage());
        }
    }
}
