package dev.colony.core.internal.readmodel;

import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyWork;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.plan.PlanService;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The one read transaction of the views that show the ready queue. The ready queue archives the plans whose grace
 * period ran out before it is read; so do these views: the plans due are found in the same transaction, and only
 * when there are some (rarely) are they archived and the view read again.
 */
final class StateReads {

    private StateReads() {
    }

    /** {@code read} in one read transaction of {@code store} (the caller's) at the Colony's now, after archiving the plans due. */
    static <T> T afterArchiving(Kernel kernel, CallerStore store, PlanService plans,
            BiFunction<CallerTransaction, Instant, T> read) {
        Instant now = kernel.time().now();
        record First<T>(List<StoredPlan> due, T value) {
        }
        First<T> first = store.read(tx -> new First<>(plans.archiveDue(tx, now), read.apply(tx, now)));
        if (first.due().isEmpty()) {
            return first.value();
        }
        plans.archive(first.due(), now);
        Instant later = kernel.time().now();
        return store.read(tx -> read.apply(tx, later));
    }

    /**
     * The ready queue as read in {@code tx}, looked at only (nothing claimed or released), with the ready queue's
     * checks of {@code limit} and {@code repo_root}.
     */
    static ReadyWork ready(PlanService plans, CallerTransaction tx, String repoRoot, int limit, Instant now) {
        Check.range("limit", limit, 1, PlanRegistry.MAX_READY_LIMIT);
        List<ReadyEntry> ranked = plans.ranked(tx, RepoRoots.normaliseOptional("repo_root", repoRoot), now);
        int total = (int) ranked.stream().filter(ReadyEntry::claimable).count();
        return new ReadyWork(ranked.subList(0, Math.min(limit, ranked.size())), total, List.of(), null, null);
    }
}
