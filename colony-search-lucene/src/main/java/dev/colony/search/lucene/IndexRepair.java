package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The repair role of one {@link LuceneSearchIndex}: records damage found while serving and rebuilds the index
 * from the store, and stops using a directory that cannot be written, trying it again after a back-off on the
 * Colony's clock (1 s, doubling up to a minute), meanwhile refusing searches with {@code SEARCH_UNAVAILABLE}.
 *
 * <p>Used under the index's work lock, apart from {@link #damaged} and {@link #unusableReason()}.
 */
final class IndexRepair {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());
    /** How long after the directory was found unusable it is tried again (Colony clock); doubles per failure. */
    private static final long FIRST_REOPEN_MILLIS = 1_000;
    /** The longest wait between two tries of an unusable directory. */
    private static final long LONGEST_REOPEN_MILLIS = 60_000;

    private final IndexContext context;
    private final PublishedLayers layers;
    private final WriterRole writer;
    private final ReaderRole reader;
    private final IndexerThread indexer;

    /**
     * Why the directory cannot be used now (it cannot be written: no permission, a file in its place, a full
     * disk), or {@code null}: searches fail with {@code SEARCH_UNAVAILABLE} until it is tried again and works.
     */
    private volatile String unusable;
    /** When an unusable directory is tried again (Colony clock), and the wait after the next failure. */
    private long nextReopenMillis;
    private long reopenBackOffMillis = FIRST_REOPEN_MILLIS;

    IndexRepair(IndexContext context, PublishedLayers layers, WriterRole writer, ReaderRole reader,
            IndexerThread indexer) {
        this.context = context;
        this.layers = layers;
        this.writer = writer;
        this.reader = reader;
        this.indexer = indexer;
    }

    // ---------------------------------------------------------------- damage

    /**
     * Records damage found while serving: drops the published layers at once (searches then see only
     * what is rebuilt), and wakes the background thread, which repairs the index.
     */
    void damaged(Throwable cause) {
        if (layers.recordDamage(cause)) {
            indexer.wake();
        }
    }

    /**
     * Repairs damage found while serving: the writer deletes the files and rebuilds from the store
     * (in the following steps, publishing progress); a reader stops using the damaged commit, covers
     * the store in its overlay, and rebuilds itself when it can take the write lock.
     */
    void repair(Throwable cause) throws IOException {
        long latest = context.source().latestRev();
        if (writer.isOpen()) {
            writer.drop();
        } else {
            reader.dropDamagedCommit();
        }
        reader.dropOverlay();
        layers.repaired();
        if (writer.open(true, latest)) {
            LOG.log(System.Logger.Level.INFO, "search index {0}: deleted the damaged files; rebuilding from the "
                    + "store ({1})", context.where(), cause.toString());
        } else {
            reader.become();
            reader.coverFromStart();
        }
    }

    // ---------------------------------------------------------------- unusable directory

    /** Why the directory cannot be used now, or {@code null} when it can. */
    String unusableReason() {
        return unusable;
    }

    /**
     * Stops using a directory that cannot be written: drops the writer (its state after a failed write is
     * unknown) or the reader's commit, drops the published layers, and schedules the next try.
     */
    void unusable(Throwable cause) {
        boolean first = unusable == null;
        if (writer.isOpen()) {
            writer.drop();
        }
        reader.drop();
        layers.dropUnlessClosed();
        unusable = "the search index directory " + context.where() + " cannot be used: "
                + IndexFailures.reason(cause);
        nextReopenMillis = IndexContext.plus(context.clock().millis(), reopenBackOffMillis);
        reopenBackOffMillis = Math.min(LONGEST_REOPEN_MILLIS, reopenBackOffMillis * 2);
        if (first) {
            LOG.log(System.Logger.Level.WARNING, unusable + "; searches are unavailable until it can be written "
                    + "again (the store is not affected)", cause);
        } else {
            LOG.log(System.Logger.Level.DEBUG, "{0} (still)", unusable);
        }
    }

    /** Opens an unusable directory again when its try is due, and catches up; on failure waits longer. */
    void reopenIfDue() {
        if (unusable == null || context.closed() || context.clock().millis() < nextReopenMillis) {
            return;
        }
        try {
            long latest = context.source().latestRev();
            layers.forgetDamage();
            FeedFollower.openRole(context, layers, writer, reader, latest);
            unusable = null;
            reopenBackOffMillis = FIRST_REOPEN_MILLIS;
            LOG.log(System.Logger.Level.INFO, "search index {0} can be used again; caught up with the store",
                    context.where());
        } catch (ColonyException storeFailure) {
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: reading the store failed: {1}", context.where(),
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

    /** The {@code SEARCH_UNAVAILABLE} a search fails with while the directory cannot be used, and why. */
    ColonyException unavailable(String why) {
        long seconds = Math.max(1, TimeUnit.MILLISECONDS.toSeconds(nextReopenMillis - context.clock().millis()
                + 999));
        return new ColonyException(ErrorCode.SEARCH_UNAVAILABLE, "search is unavailable: " + why + "; memories are "
                + "still stored and become searchable once it can be written (next try in " + seconds + " s)");
    }
}
