package dev.colony.search.lucene;

import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;

/**
 * The reader role of one {@link LuceneSearchIndex}: in a process without Lucene's write lock, it follows the
 * writer's newest usable commit, covers the store's changes after that commit's watermark in an {@link Overlay},
 * publishes both as the base layer, and says when to try to take over the write lock.
 *
 * <p>Used only under the index's work lock.
 */
final class ReaderRole {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());

    private final IndexContext context;
    private final PublishedLayers layers;

    private DirectoryReader disk;
    /** The watermark of {@link #disk}, or -1 when it is absent or unusable. */
    private long diskRev = -1;
    /** Commits up to this generation were found unusable and are skipped. */
    private long brokenGeneration = -1;
    private Overlay overlay;
    private long nextTakeoverMillis;

    ReaderRole(IndexContext context, PublishedLayers layers) {
        this.context = context;
        this.layers = layers;
    }

    /** Takes the reader role: an overlay (kept when there is one), and the next takeover try scheduled. */
    void become() throws IOException {
        if (overlay == null) {
            overlay = new Overlay(context.analyzer());
        }
        scheduleTakeover();
    }

    /** Makes the overlay cover the store from its start, as when no commit can be trusted. */
    void coverFromStart() throws IOException {
        overlay.rebase(0);
    }

    /**
     * Follows the newest usable commit and keeps the overlay up to {@code target}, then publishes; when the
     * overlay is more than {@code limit} changes behind, publishes the commit and the overlay as they are
     * instead, leaving the backlog to later calls.
     *
     * @return whether the published base covers {@code target}
     */
    boolean catchUp(long target, long limit) throws IOException {
        boolean changed = refreshDisk();
        if (diskRev > target) {
            // The commit holds changes the store does not have: it was built from a newer state of a
            // store restored since. Only the writer may rebuild it; until then, cover from the start.
            LOG.log(System.Logger.Level.INFO, "search index {0}: its last commit (rev {1}) is ahead of the "
                    + "store (rev {2}); ignoring it until it is rebuilt", context.where(), diskRev, target);
            brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
            Closing.closeQuietly(disk);
            disk = null;
            diskRev = -1;
            changed = true;
        }
        overlay.rebase(Math.max(diskRev, 0));
        long backlog = target - overlay.through();
        boolean covers = backlog <= limit;
        if (covers) {
            coverUpTo(target, backlog);
        }
        changed |= overlay.refresh();
        if (changed || overlay.through() > layers.baseThrough() || !layers.published()) {
            publishBase();
        }
        return covers;
    }

    /** Adds the {@code backlog} changes up to {@code target} to the overlay, logging a long catch-up's progress. */
    private void coverUpTo(long target, long backlog) throws IOException {
        CatchUpProgress progress = backlog > CatchUpProgress.LOGGED_BACKLOG
                ? new CatchUpProgress(context.where(), backlog) : null;
        while (overlay.through() < target && !context.closed()) {
            List<MemoryDocument> batch = context.source().changedSince(overlay.through(),
                    context.settings().batchSize());
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
    }

    /** Publishes the commit's leaves (with the overlay's memories hidden) and the overlay's. */
    private void publishBase() throws IOException {
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
        leaves.addAll(PublishedLayers.leaves(overlay.reader()));
        layers.installBase(new PublishedLayers.Base(List.copyOf(leaves), List.copyOf(owned), overlay.through()));
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
                generation = SegmentInfos.getLastCommitGeneration(context.directory());
                if (generation > brokenGeneration) {
                    opened = DirectoryReader.open(context.directory());
                    IndexFailures.checkIntegrity(opened);
                    disk = opened;
                }
            } catch (IOException | RuntimeException | InternalError unreadable) {
                brokenGeneration = Math.max(brokenGeneration, generation);
                Closing.closeQuietly(opened);
                LOG.log(System.Logger.Level.WARNING, "search index " + context.where() + " is unreadable; covering "
                        + "the store's memories in memory until it is rebuilt", unreadable);
            }
        } else {
            try {
                DirectoryReader refreshed = DirectoryReader.openIfChanged(disk);
                if (refreshed != null) {
                    disk.close();
                    disk = refreshed;
                }
            } catch (IOException | RuntimeException | InternalError unreadable) {
                LOG.log(System.Logger.Level.WARNING, "search index " + context.where() + " is unreadable; covering "
                        + "the store's memories in memory until it is rebuilt", unreadable);
                brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
                Closing.closeQuietly(disk);
                disk = null;
            }
        }
        long watermark = -1;
        if (disk != null) {
            try {
                IndexLayout.Watermark recorded = IndexLayout.watermark(disk.getIndexCommit().getUserData(),
                        context.storeId());
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

    /** Whether it is time to try to take the write lock: every takeover interval, for an index on disk. */
    boolean takeoverDue() {
        return context.path() != null && context.clock().millis() >= nextTakeoverMillis;
    }

    void scheduleTakeover() {
        nextTakeoverMillis = IndexContext.plus(context.clock().millis(), context.settings().takeoverIntervalMillis());
    }

    /** Stops following the commit it reads, if any, and skips its generation from now on: it is damaged. */
    void dropDamagedCommit() {
        if (disk != null) {
            brokenGeneration = Math.max(brokenGeneration, generationOf(disk));
            Closing.closeQuietly(disk);
            disk = null;
            diskRev = -1;
        }
    }

    /** Drops the overlay. */
    void dropOverlay() {
        Closing.closeQuietly(overlay);
        overlay = null;
    }

    /** Drops the commit and the overlay: this index became the writer, or its directory cannot be used. */
    void drop() {
        Closing.closeQuietly(disk);
        disk = null;
        diskRev = -1;
        dropOverlay();
    }

    /** How many memories the overlay holds (0 without one). */
    int overlayDocuments() {
        return overlay == null ? 0 : overlay.ids().size();
    }

    /**
     * Closes the commit's reader and the overlay, for closing.
     *
     * @return {@code failure} with what failed here added
     */
    IOException close(IOException failure) {
        failure = Closing.closeCollecting(disk, failure);
        return Closing.closeCollecting(overlay, failure);
    }
}
