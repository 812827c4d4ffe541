package dev.colony.core.internal.plan;

import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import static dev.colony.api.plan.PlanRegistry.MAX_READY_LIMIT;
import static dev.colony.api.plan.PlanRegistry.STALE_CLAIM_AFTER;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ready queue for one caller: archives the plans due, releases sub-tasks held by sessions gone stale when asked,
 * ranks the sub-tasks the caller could claim, and claims the top one when asked and it is unambiguous.
 */
final class ReadyQueue {

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final AuditTrail audit;
    private final ClaimLedger ledger;
    private final PlanArchiver archiver;
    private final SubtaskTransitions transitions;

    ReadyQueue(Actor actor, Kernel kernel, AuditTrail audit, ClaimLedger ledger, PlanArchiver archiver,
            SubtaskTransitions transitions) {
        this.actor = actor;
        this.kernel = kernel;
        this.store = kernel.store(actor.user());
        this.audit = audit;
        this.ledger = ledger;
        this.archiver = archiver;
        this.transitions = transitions;
    }

    ReadyWork ready(ReadyQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_READY_LIMIT);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        archiver.archiveDue();
        List<ReadyWork.Released> released = query.releaseStaleClaims() ? releaseStale(repoRoot) : List.of();
        Instant now = kernel.time().now();
        List<ReadyEntry> ranked = store.read(tx -> ranked(tx, repoRoot, now));
        int total = (int) ranked.stream().filter(ReadyEntry::claimable).count();
        SubtaskClaim claimed = null;
        String claimError = null;
        if (query.autoClaim() && ReadyRanking.unambiguous(ranked)) {
            ReadyEntry top = ranked.get(0);
            try {
                claimed = transitions.claim(new PlanRef(top.repoRoot(), top.planSlug()), top.subtask().index());
            } catch (ColonyException e) {
                claimError = e.code().id() + ": " + e.getMessage();
            }
        }
        return new ReadyWork(ranked.subList(0, Math.min(query.limit(), ranked.size())), total, released, claimed,
                claimError);
    }

    /** The ready queue as read in {@code tx}, best first, nothing claimed or released. */
    List<ReadyEntry> ranked(CallerTransaction tx, String repoRoot, Instant now) {
        Set<NamespaceId> readable = tx.readable();
        return new ReadyRanking(actor, ledger, now).rank(tx, readable, tx.plans().list(readable, repoRoot, false,
                PlanService.LIST_SCAN));
    }

    /**
     * Releases the sub-tasks, in namespaces the caller may write, that a session holds for over
     * {@link dev.colony.api.plan.PlanRegistry#STALE_CLAIM_AFTER} while it has ended or gone idle: each back to
     * available (compare-and-set), its files released and the release recorded on its thread.
     */
    private List<ReadyWork.Released> releaseStale(String repoRoot) {
        Instant now = kernel.time().now();
        Instant before = now.minus(STALE_CLAIM_AFTER);
        Duration idle = kernel.claimPolicy().ownerIdleAfter();
        List<Map.Entry<StoredPlan, StoredSubtask>> stale = store.read(tx -> {
            List<StoredPlan> plans = tx.plans().list(tx.readable(), repoRoot, false,
                    PlanService.LIST_SCAN);
            Map<Long, List<StoredSubtask>> subtasks = tx.plans().subtasks(plans.stream().map(StoredPlan::id).toList());
            List<Map.Entry<StoredPlan, StoredSubtask>> found = new ArrayList<>();
            for (StoredPlan plan : plans) {
                for (StoredSubtask subtask : subtasks.get(plan.id())) {
                    if (subtask.status() == SubtaskStatus.CLAIMED && subtask.claimedAt() != null
                            && !subtask.claimedAt().isAfter(before) && gone(tx, subtask.claimedBy(), now, idle)) {
                        found.add(Map.entry(plan, subtask));
                    }
                }
            }
            return found;
        });
        if (stale.isEmpty()) {
            return List.of();
        }
        return store.write(tx -> {
            List<ReadyWork.Released> released = new ArrayList<>();
            for (Map.Entry<StoredPlan, StoredSubtask> entry : stale) {
                StoredPlan plan = entry.getKey();
                StoredSubtask subtask = entry.getValue();
                if (!writable(tx, plan)) {
                    continue;
                }
                if (!SubtaskTransitions.reopenAbandoned(tx, ledger, audit, plan, subtask, "released from session "
                        + subtask.claimedBy() + " (" + subtask.claimedAgent() + "), idle since it claimed at "
                        + subtask.claimedAt(), now)) {
                    continue;
                }
                released.add(new ReadyWork.Released(plan.slug(), subtask.index(), subtask.claimedBy(),
                        subtask.claimedAgent(), subtask.claimedAt()));
            }
            return released;
        });
    }

    private boolean writable(CallerTransaction tx, StoredPlan plan) {
        try {
            tx.requireWritable("plan_slug", plan.namespace());
            return true;
        } catch (ColonyException e) {
            return false;
        }
    }

    /** Whether {@code session} has ended, is unknown, or was last seen {@code idle} ago or more. */
    private static boolean gone(CallerTransaction tx, SessionId session, Instant now, Duration idle) {
        return tx.sessions().find(session).map(found -> found.ended()
                || !found.lastSeen().plus(idle).isAfter(now)).orElse(true);
    }
}
