package dev.colony.core.internal.plan;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyReason;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.profile.AgentProfile;
import dev.colony.api.profile.AgentProfiles;
import dev.colony.api.session.AgentTypes;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.profile.ProfileService;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The ready queue's ranking, read in one transaction: the caller's current sub-tasks first, then claimable
 * sub-tasks that hold up the rest of their plan, then the others by fit score (capability weight, less 0.3 per
 * share of files other sessions hold fresh, less 0.1 per share of files released in the last hour); ties go to
 * the older plan, the earlier wave, the lower index.
 */
final class ReadyRanking {

    /** How far the best candidate must lead the next one for an auto-claim. */
    static final double CLEAR_LEAD = 0.1;
    private static final double CONFLICT_WEIGHT = 0.3;
    private static final double RELEASE_WEIGHT = 0.1;
    private static final Duration RECENT_RELEASE = Duration.ofHours(1);

    private final Actor actor;
    private final ClaimLedger ledger;
    private final Instant now;

    ReadyRanking(Actor actor, ClaimLedger ledger, Instant now) {
        this.actor = actor;
        this.ledger = ledger;
        this.now = now;
    }

    /** The ranked entries of {@code plans} (all of them: the caller cuts to its limit). */
    List<ReadyEntry> rank(CallerTransaction tx, Set<NamespaceId> readable, List<StoredPlan> plans) {
        if (plans.isEmpty()) {
            return List.of();
        }
        AgentProfile profile = ProfileService.profile(tx, actor.user(), AgentTypes.of(actor.agent()));
        Map<Long, List<StoredSubtask>> subtasks = tx.plans().subtasks(plans.stream().map(StoredPlan::id).toList());
        ClaimedFiles files = ClaimedFiles.read(tx, readable, ledger, actor.session(), now,
                now.minus(RECENT_RELEASE));
        List<Candidate> candidates = new ArrayList<>();
        for (StoredPlan stored : plans) {
            Plan plan = PlanViews.plan(stored, subtasks.get(stored.id()));
            Set<Integer> ready = new HashSet<>();
            plan.nextAvailable().forEach(subtask -> ready.add(subtask.index()));
            for (Subtask subtask : plan.subtasks()) {
                boolean mine = subtask.status() == SubtaskStatus.CLAIMED && actor.session().equals(subtask.claimedBy());
                if (!mine && !ready.contains(subtask.index())) {
                    continue;
                }
                double capability = subtask.capabilityHint() == null ? AgentProfiles.DEFAULT_WEIGHT
                        : profile.weight(subtask.capabilityHint());
                int held = 0;
                int released = 0;
                for (String file : subtask.fileScope()) {
                    held += files.heldByOthers(plan.repoRoot(), file).isEmpty() ? 0 : 1;
                    released += files.releasedLately(plan.repoRoot(), file) ? 1 : 0;
                }
                int scope = Math.max(1, subtask.fileScope().size());
                double score = round(capability - CONFLICT_WEIGHT * held / scope - RELEASE_WEIGHT * released / scope);
                ReadyReason reason = mine ? ReadyReason.CONTINUE_CURRENT_TASK
                        : holdsUpTheRest(plan, subtask) ? ReadyReason.URGENT_OVERRIDE : ReadyReason.READY_HIGH_SCORE;
                String reasoning = mine ? "you hold it; finish it first"
                        : String.format(Locale.ROOT, "%s %.2f, %d/%d files held by others, %d released lately%s",
                                subtask.capabilityHint() == null ? "weight" : subtask.capabilityHint(), capability,
                                held, subtask.fileScope().size(), released, reason == ReadyReason.URGENT_OVERRIDE
                                        ? "; the rest of the plan waits on it" : "");
                candidates.add(new Candidate(new ReadyEntry(plan.slug(), plan.repoRoot(), subtask, score, reason,
                        reasoning), stored.createdAt()));
            }
        }
        candidates.sort(Comparator.comparingInt((Candidate c) -> c.entry().reason().ordinal())
                .thenComparing(c -> -c.entry().fitScore())
                .thenComparing(Candidate::planCreatedAt)
                .thenComparingInt(c -> c.entry().subtask().wave())
                .thenComparingInt(c -> c.entry().subtask().index()));
        return candidates.stream().map(Candidate::entry).toList();
    }

    /**
     * Whether the best entry may be claimed without asking: the caller holds nothing yet, and it is the only
     * candidate, or the only urgent one, or ahead of the next by {@link #CLEAR_LEAD}.
     */
    static boolean unambiguous(List<ReadyEntry> ranked) {
        if (ranked.isEmpty() || !ranked.get(0).claimable()) {
            return false;
        }
        if (ranked.size() == 1) {
            return true;
        }
        ReadyEntry top = ranked.get(0);
        ReadyEntry next = ranked.get(1);
        return top.reason() != next.reason() || top.fitScore() - next.fitScore() >= CLEAR_LEAD - 1e-9;
    }

    /** Whether every other unfinished sub-task of the plan waits on {@code subtask}, directly or not. */
    private static boolean holdsUpTheRest(Plan plan, Subtask subtask) {
        boolean others = false;
        for (Subtask other : plan.subtasks()) {
            if (other.index() == subtask.index() || other.status() == SubtaskStatus.COMPLETED) {
                continue;
            }
            others = true;
            if (!dependsOn(plan, other.index(), subtask.index())) {
                return false;
            }
        }
        return others;
    }

    private static boolean dependsOn(Plan plan, int from, int target) {
        List<Integer> pending = new ArrayList<>(plan.subtasks().get(from).dependsOn());
        Set<Integer> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            int next = pending.remove(pending.size() - 1);
            if (next == target) {
                return true;
            }
            if (seen.add(next)) {
                pending.addAll(plan.subtasks().get(next).dependsOn());
            }
        }
        return false;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    private record Candidate(ReadyEntry entry, Instant planCreatedAt) {
    }
}
