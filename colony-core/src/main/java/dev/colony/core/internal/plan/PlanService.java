package dev.colony.core.internal.plan;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.PlanValidation;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.plan.SpecRowBinding;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.api.plan.SubtaskCompletion;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.StorageTransaction;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Objects;

/**
 * The {@link PlanRegistry} for one caller, and the door other areas use: it wires the registry's roles and hands
 * each call to the one that does it. {@link PlanAuthoring} validates, decomposes and publishes; {@link PlanReader}
 * lists and reads; {@link SubtaskTransitions} claims, completes, blocks and reopens; {@link ReadyQueue} ranks the
 * work ready to claim; {@link PlanArchiver} archives.
 *
 * <p>Every change is one write transaction: the sub-task row by compare-and-set on its version (two claimants of
 * one sub-task: the second finds it claimed), its thread and file claims through the {@link ClaimLedger}, and an
 * audit memory on its thread. An auto-archiving plan whose last sub-task completes is archived at once when its
 * grace period is zero, else by the first read that finds the grace period over.
 */
public final class PlanService implements PlanRegistry {

    /** The audit record of a sub-task's claim, completion, block or reopening, on its thread. */
    public static final MemoryKind SUBTASK_RECORD = MemoryKind.of("plan-subtask-claim");
    /** The audit record of a plan's publication or archiving, on the plan's own thread. */
    public static final MemoryKind PLAN_RECORD = MemoryKind.of("plan");

    /** Plans a filtered listing reads before it cuts to the limit. */
    static final int LIST_SCAN = 200;

    private final PlanAuthoring authoring;
    private final PlanReader reader;
    private final SubtaskTransitions transitions;
    private final ReadyQueue readyQueue;
    private final PlanArchiver archiver;

    /** The plan registry acting as {@code actor}. */
    public PlanService(Actor actor, Kernel kernel) {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(kernel, "kernel");
        ThreadCaller thread = new ThreadCaller(actor);
        AuditTrail audit = new AuditTrail(thread);
        ClaimLedger ledger = new ClaimLedger(thread, audit, kernel);
        this.archiver = new PlanArchiver(actor, kernel);
        this.reader = new PlanReader(actor, kernel, archiver);
        this.authoring = new PlanAuthoring(actor, kernel, thread, audit, ledger);
        this.transitions = new SubtaskTransitions(actor, kernel, thread, audit, ledger, reader, archiver);
        this.readyQueue = new ReadyQueue(actor, kernel, audit, ledger, archiver, transitions);
    }

    @Override
    public PlanValidation validate(PlanDraft draft) {
        return authoring.validate(draft);
    }

    @Override
    public PlanDraft decompose(Goal goal) {
        return authoring.decompose(goal);
    }

    @Override
    public Plan publish(PlanDraft draft) {
        return authoring.publish(draft);
    }

    @Override
    public List<Plan> list(PlanListQuery query) {
        return reader.list(query);
    }

    @Override
    public Plan get(PlanRef ref) {
        return reader.get(ref);
    }

    @Override
    public Optional<SpecRowBinding> bindingOf(String repoRoot, String specRowId) {
        return reader.bindingOf(repoRoot, specRowId);
    }

    @Override
    public SubtaskClaim claim(PlanRef ref, int index) {
        return transitions.claim(ref, index);
    }

    @Override
    public SubtaskCompletion complete(PlanRef ref, int index, String summary) {
        return transitions.complete(ref, index, summary);
    }

    @Override
    public Subtask block(PlanRef ref, int index, String reason) {
        return transitions.block(ref, index, reason);
    }

    @Override
    public Subtask reopen(PlanRef ref, int index) {
        return transitions.reopen(ref, index);
    }

    @Override
    public ReadyWork ready(ReadyQuery query) {
        return readyQueue.ready(query);
    }

    /**
     * The ready queue as read in {@code tx}, best first, nothing claimed or released: for read models that compose it
     * with other reads.
     *
     * @param repoRoot a normalised repository root, or {@code null} for all
     */
    public List<ReadyEntry> ranked(CallerTransaction tx, String repoRoot, Instant now) {
        return readyQueue.ranked(tx, repoRoot, now);
    }

    /**
     * The open plans the caller may read whose grace period has run out at {@code now}, as read in {@code tx}: what
     * {@link #archive(List, Instant)} archives before the ready queue is read.
     */
    public List<StoredPlan> archiveDue(CallerTransaction tx, Instant now) {
        return archiver.archiveDue(tx, now);
    }

    /** Archives {@code due} (see {@link #archiveDue(StorageTransaction, Instant)}), each by compare-and-set. */
    public void archive(List<StoredPlan> due, Instant now) {
        archiver.archive(due, now);
    }

    /**
     * Puts a sub-task whose claimer is gone back to available, by compare-and-set: the claimer's files there
     * released and the release recorded on its thread, with {@code note}. For the ready queue's stale release and
     * for a rescue.
     *
     * @return whether this call reopened it (false when another change came first)
     */
    public static boolean reopenAbandoned(CallerTransaction tx, ClaimLedger ledger, AuditTrail audit, StoredPlan plan,
            StoredSubtask subtask, String note, Instant now) {
        return SubtaskTransitions.reopenAbandoned(tx, ledger, audit, plan, subtask, note, now);
    }
}
