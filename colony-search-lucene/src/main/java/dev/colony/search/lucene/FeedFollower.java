package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * The background work of one {@link LuceneSearchIndex} that tails the store's change feed: on opening and at
 * every step of its {@link IndexerThread}, it has the repair done, takes over the write lock when due, and has
 * the role this process holds catch up with the store (the writer also verifies a reused index and commits on
 * time). It decides what runs and handles failures; the roles do the work.
 */
final class FeedFollower {

    /** Logs under the index's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(LuceneSearchIndex.class.getName());

    private final IndexContext context;
    private final PublishedLayers layers;
    private final WriterRole writer;
    private final ReaderRole reader;
    private final IndexRepair repair;

    FeedFollower(IndexContext context, PublishedLayers layers, WriterRole writer, ReaderRole reader,
            IndexRepair repair) {
        this.context = context;
        this.layers = layers;
        this.writer = writer;
        this.reader = reader;
        this.repair = repair;
    }

    /**
     * Opens the index as the writer when this process can take the write lock, else as a reader, and catches
     * up with the store: all of it, or, when it is more than the settings' {@code openCatchUp} changes behind,
     * none of it, leaving the backlog to the background thread (searches meanwhile see what it has indexed).
     *
     * @throws ColonyException {@code SEARCH_FAILURE} when the index cannot be opened
     */
    void open() {
        context.work().lock();
        try {
            openRole(context, layers, writer, reader, context.source().latestRev());
        } catch (IOException | UncheckedIOException | AlreadyClosedException e) {
            throw new ColonyException(ErrorCode.SEARCH_FAILURE, "cannot open the search index " + context.where()
                    + ": " + IndexFailures.reason(e), e);
        } finally {
            context.work().unlock();
        }
    }

    /**
     * Takes the writer role when the write lock is free, else the reader role, and catches up with the store up to
     * {@code latest}: all of it, or, when the index is more than the settings' {@code openCatchUp} changes behind,
     * none of it, leaving that backlog to the background thread; an index that no commit describes commits at
     * once. Under the work lock.
     */
    static void openRole(IndexContext context, PublishedLayers layers, WriterRole writer, ReaderRole reader,
            long latest) throws IOException {
        long limit = context.settings().openCatchUp();
        long left;
        if (writer.open(false, latest)) {
            left = latest - writer.indexedRev();
            if (left <= limit) {
                writer.catchUp(latest, true);
                left = 0;
            }
            if (writer.openingCommitDue()) {
                writer.commit();
            }
        } else {
            reader.become();
            left = reader.catchUp(latest, limit) ? 0 : latest - layers.baseThrough();
        }
        if (left > 0) {
            LOG.log(System.Logger.Level.INFO, "search index {0}: {1} changes behind the store; indexing them in "
                    + "the background, searches meanwhile see those indexed so far", context.where(), left);
        }
    }

    /** One step of the background thread: repair, take over, catch up, commit. */
    void step() {
        context.work().lock();
        try {
            if (context.closed()) {
                return;
            }
            if (repair.unusableReason() != null) {
                repair.reopenIfDue();
                return;
            }
            Throwable damage = layers.damage();
            if (damage != null) {
                repair.repair(damage);
            }
            long latest = context.source().latestRev();
            if (!writer.isOpen() && reader.takeoverDue()) {
                tryTakeOver(latest);
            }
            if (writer.isOpen()) {
                // While nobody searches, new changes only go into the writer (and the periodic commit):
                // opening a new reader flushes a small segment each step, which then has to be merged,
                // and no one would read it. The next search reads the changes it misses itself, or
                // wakes this thread, which then publishes.
                writer.catchUp(latest, false);
                writer.verifyIfPending();
                writer.compactIfDue();
                if (writer.commitDue()) {
                    writer.commit();
                }
            } else {
                reader.catchUp(latest, Long.MAX_VALUE);
            }
        } catch (ColonyException storeFailure) {
            // The store is busy or gone for a moment: the next poll tries again.
            LOG.log(System.Logger.Level.DEBUG, "search index {0}: reading the store failed: {1}", context.where(),
                    storeFailure.getMessage());
        } catch (IOException | RuntimeException | InternalError | AssertionError e) {
            if (e instanceof AssertionError assertion && !IndexFailures.luceneAssertion(assertion)) {
                throw assertion;
            }
            if (!context.closed()) {
                if (IndexFailures.unwritable(e)) {
                    repair.unusable(e);
                } else {
                    repair.damaged(e);
                }
            }
        } finally {
            context.work().unlock();
        }
    }

    private void tryTakeOver(long latest) throws IOException {
        reader.scheduleTakeover();
        if (!writer.open(false, latest)) {
            return;
        }
        LOG.log(System.Logger.Level.DEBUG, "search index {0}: took over the write lock", context.where());
        reader.drop();
    }
}
