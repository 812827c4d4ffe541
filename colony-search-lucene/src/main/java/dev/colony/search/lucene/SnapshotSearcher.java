package dev.colony.search.lucene;

import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * The searching role of one {@link LuceneSearchIndex}: answers queries on a referenced snapshot brought up to the
 * store first (a few missing changes added to the fresh layer, a burst waited for briefly), reports damage it
 * meets to the {@link IndexRepair} and tries once more.
 *
 * <p>Thread-safe: searches run in parallel, each on its own reference to a published snapshot.
 */
final class SnapshotSearcher {

    /**
     * The largest backlog a search waits for the background indexer to clear: a burst of writes just
     * before a search. A longer one (a rebuild, an index reopened far behind) is not waited for.
     */
    static final long WAITED_BACKLOG = 5_000;
    /** The longest a search waits for the background indexer to clear a backlog. */
    private static final long BACKLOG_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final IndexContext context;
    private final PublishedLayers layers;
    private final SearchDemand demand;
    private final IndexRepair repair;
    private final IndexerThread indexer;
    private final QueryPlanner planner;

    SnapshotSearcher(IndexContext context, PublishedLayers layers, SearchDemand demand, IndexRepair repair,
            IndexerThread indexer) {
        this.context = context;
        this.layers = layers;
        this.demand = demand;
        this.repair = repair;
        this.indexer = indexer;
        this.planner = new QueryPlanner(context.analyzer(), LuceneSearch.RESULT_DEMOTION);
    }

    /** What a snapshot's search of one kind answers for a plan. */
    @FunctionalInterface
    interface SnapshotSearch<T> {
        List<T> run(Snapshot snapshot, QueryPlanner.Plan plan) throws IOException;
    }

    /**
     * Plans {@code request} and runs {@code search} on a current snapshot; damage found on the way is recorded
     * (the index repairs itself) and the search tried once more.
     */
    <T> List<T> onSnapshot(SearchRequest request, SnapshotSearch<T> search) {
        context.ensureOpen();
        demand.searched();
        if (repair.unusableReason() != null) {
            context.work().lock();
            try {
                repair.reopenIfDue();
            } finally {
                context.work().unlock();
            }
            String why = repair.unusableReason();
            if (why != null) {
                throw repair.unavailable(why);
            }
        }
        Optional<QueryPlanner.Plan> plan;
        try {
            plan = planner.plan(request, context.clock().instant());
        } catch (UncheckedIOException | AlreadyClosedException e) {
            throw context.failure(e);
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
                if (context.closed() || attempt > 0 || !IndexFailures.damage(e)) {
                    if (e instanceof AssertionError assertion && !IndexFailures.luceneAssertion(assertion)) {
                        throw assertion;
                    }
                    throw context.failure(e);
                }
                repair.damaged(e);
            }
        }
    }

    /**
     * {@code query} without the words that more than {@link CommonWords#COMMON_SHARE} of the memories of
     * {@code namespaces} hold, counted in the published snapshot; the query unchanged when the index cannot tell.
     */
    String embeddingText(String query, Set<NamespaceId> namespaces) {
        Snapshot current = layers.acquire();
        try {
            try {
                return CommonWords.removed(query, context.analyzer(), current.scoped(namespaces));
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
        Snapshot current = layers.acquire();
        if (layers.damage() != null) {
            indexer.wake();
            return current;
        }
        int inline = context.settings().inlineChanges();
        List<MemoryDocument> missing = context.source().changedSince(current.coverage, inline + 1);
        if (missing.isEmpty()) {
            return current;
        }
        indexer.wake();
        current.reader.decRef();
        if (missing.size() <= inline && layers.addToFreshLayer(missing)) {
            return layers.acquire();
        }
        if (!awaitBackground(current.coverage)) {
            return layers.acquire();
        }
        current = layers.acquire();
        missing = context.source().changedSince(current.coverage, inline + 1);
        if (missing.isEmpty() || missing.size() > inline) {
            return current;
        }
        current.reader.decRef();
        layers.addToFreshLayer(missing);
        return layers.acquire();
    }

    /**
     * Waits, at most {@link #BACKLOG_WAIT_NANOS}, until the base layer is within
     * {@link LuceneSearch#INLINE_CHANGES} of the store, when the backlog past {@code coverage} is
     * one the background indexer clears in about that time; whether it is worth looking again.
     */
    private boolean awaitBackground(long coverage) {
        long latest = context.source().latestRev();
        if (latest - coverage > WAITED_BACKLOG) {
            return false;
        }
        long deadline = System.nanoTime() + BACKLOG_WAIT_NANOS;
        demand.startWaiting();
        try {
            while (latest - layers.baseThrough() > context.settings().inlineChanges()) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || context.closed() || layers.damage() != null || !indexer.awaitStep(remaining)) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            demand.stopWaiting();
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
        long latest = context.source().latestRev();
        demand.startWaiting();
        try {
            while (true) {
                // Waiting for the index counts as searching it: the background thread publishes.
                demand.searched();
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || context.closed() || !indexer.awaitStep(remaining)) {
                    return false;
                }
                if (layers.damage() == null && layers.baseThrough() >= latest) {
                    return true;
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            demand.stopWaiting();
        }
    }
}
