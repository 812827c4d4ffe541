package dev.colony.core.internal.plan;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.plan.ArchiveReport;
import dev.colony.api.plan.Goal;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanListQuery;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.PlanValidation.ClaimCollision;
import dev.colony.api.plan.PlanValidation.WaveError;
import dev.colony.api.plan.PlanValidation;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskClaim;
import dev.colony.api.plan.SubtaskCompletion;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.memory.AuditLog;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.PlanRecords.NewPlan;
import dev.colony.spi.storage.PlanRecords.NewSubtask;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@link PlanRegistry} for one caller. Every change is one write transaction: the sub-task row by
 * compare-and-set on its version (two claimants of one sub-task: the second finds it claimed), its thread and
 * file claims through the {@link ClaimLedger}, and an audit memory on its thread. An auto-archiving plan whose
 * last sub-task completes is archived at once when its grace period is zero, else by the first read that finds
 * the grace period over.
 */
public final class PlanService implements PlanRegistry {

    /** The audit record of a sub-task's claim, completion, block or reopening, on its thread. */
    public static final MemoryKind SUBTASK_RECORD = MemoryKind.of("plan-subtask-claim");
    /** The audit record of a plan's publication or archiving, on the plan's own thread. */
    public static final MemoryKind PLAN_RECORD = MemoryKind.of("plan");

    private static final Pattern SLUG = Pattern.compile(SLUG_PATTERN);
    private static final Pattern CAPABILITY = Pattern.compile("[a-z][a-z0-9_]{0,39}");
    /** Plans a filtered listing reads before it cuts to the limit. */
    private static final int LIST_SCAN = 200;
    private static final int MAX_CRITERION_CHARS = 500;

    private final Actor actor;
    private final Kernel kernel;
    private final Access access;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    /** The plan registry acting as {@code actor}. */
    public PlanService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.access = kernel.access();
        this.thread = new ThreadCaller(actor, kernel);
        this.audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    @Override
    public PlanValidation validate(PlanDraft draft) {
        PlanDraft plan = normalise(draft);
        PlanShape shape = PlanShape.of(plan.subtasks());
        Instant now = kernel.time().now();
        List<ClaimCollision> collisions = kernel.storage().read(tx -> collisions(tx, plan, now));
        boolean unsequenced = shape.overlaps().stream().anyMatch(overlap -> !overlap.sequenced());
        boolean clean = shape.errors().isEmpty() && !unsequenced && collisions.isEmpty();
        String summary = clean ? "clean: " + plan.subtasks().size() + " sub-tasks in " + waveCount(shape)
                + " waves" : problems(shape.errors(), collisions);
        return new PlanValidation(shape.overlaps(), collisions, shape.moduleWarnings(), shape.errors(), shape.waves(),
                clean, summary);
    }

    private static int waveCount(PlanShape shape) {
        return shape.waves().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    }

    private static String problems(List<WaveError> errors, List<ClaimCollision> collisions) {
        List<String> parts = new ArrayList<>();
        if (!errors.isEmpty()) {
            parts.add(errors.size() + " error" + (errors.size() == 1 ? "" : "s") + ", first: " + errors.get(0)
                    .message());
        }
        if (!collisions.isEmpty()) {
            ClaimCollision first = collisions.get(0);
            parts.add(collisions.size() + " file" + (collisions.size() == 1 ? " is" : "s are") + " claimed by other "
                    + "sessions, first: " + first.file() + " by " + first.agent());
        }
        return "not clean: " + String.join("; ", parts);
    }

    @Override
    public PlanDraft decompose(Goal goal) {
        Check.required("goal", goal);
        String repoRoot = RepoRoots.normalise("repo_root", goal.repoRoot());
        String title = Check.text("goal_title", goal.title(), MAX_TITLE_CHARS);
        String finalizer = Check.optionalText("finalizer", goal.finalizer(), MAX_TITLE_CHARS - 10);
        if (goal.affectedFiles().size() > MAX_SUBTASKS * MAX_FILE_SCOPE) {
            throw ColonyException.invalid("affected_files", "at most " + MAX_SUBTASKS * MAX_FILE_SCOPE
                    + " files, was " + goal.affectedFiles().size());
        }
        List<String> files = new ArrayList<>();
        for (int i = 0; i < goal.affectedFiles().size(); i++) {
            files.add(ClaimPaths.normalise("affected_files[" + i + "]", repoRoot, goal.affectedFiles().get(i)));
        }
        String base = GoalPlanner.slugOf(title, MAX_SLUG_CHARS - 4);
        String slug = kernel.storage().read(tx -> {
            Set<NamespaceId> readable = access.readable(tx, actor.user());
            String free = base;
            for (int n = 2; !tx.plans().findBySlug(readable, repoRoot, free).isEmpty(); n++) {
                free = base + "-" + n;
            }
            return free;
        });
        return normalise(GoalPlanner.decompose(new Goal(repoRoot, title, goal.problem(), goal.acceptanceCriteria(),
                files, goal.ordering(), finalizer), slug));
    }

    @Override
    public Plan publish(PlanDraft draft) {
        PlanDraft plan = normalise(draft);
        PlanShape shape = PlanShape.of(plan.subtasks());
        if (!shape.errors().isEmpty()) {
            WaveError first = shape.errors().get(0);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("subtask_index", first.subtask());
            details.put("errors", shape.errors().stream().map(WaveError::message).toList());
            throw ColonyException.about(ErrorCode.valueOf(first.code()), "subtasks", first.message(), details);
        }
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            thread.enter(tx, now);
            NamespaceId namespace = access.writable(tx, actor.user());
            if (!tx.plans().findBySlug(List.of(namespace), plan.repoRoot(), plan.slug()).isEmpty()) {
                throw ColonyException.about(ErrorCode.DUPLICATE, "slug", "a plan named " + plan.slug()
                        + " exists in " + plan.repoRoot() + "; choose another slug");
            }
            StoredTask spec = thread(tx, namespace, plan.repoRoot(), PlanViews.specBranch(plan.slug()), plan.title(),
                    now);
            List<NewSubtask> subtasks = new ArrayList<>();
            for (int i = 0; i < plan.subtasks().size(); i++) {
                SubtaskDraft subtask = plan.subtasks().get(i);
                StoredTask thread = thread(tx, namespace, plan.repoRoot(), PlanViews.subtaskBranch(plan.slug(), i),
                        subtask.title(), now);
                subtasks.add(new NewSubtask(i, subtask.title(), subtask.description(), subtask.fileScope(),
                        List.copyOf(new LinkedHashSet<>(subtask.dependsOn())), subtask.capabilityHint(),
                        shape.waves().get(i), PlanShape.finalizer(subtask), thread.id()));
            }
            StoredPlan stored = tx.plans().insert(new NewPlan(namespace, plan.repoRoot(), plan.slug(), plan.title(),
                    plan.problem(), plan.acceptanceCriteria(), plan.autoArchive(), plan.archiveGrace(), spec.id(),
                    actor.session(), now),
                    subtasks).orElseThrow(() -> ColonyException.about(ErrorCode.DUPLICATE, "slug", "a plan named "
                            + plan.slug() + " exists in " + plan.repoRoot()));
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("plan_slug", plan.slug());
            metadata.put("subtasks", subtasks.size());
            audit.record(tx, spec, PLAN_RECORD, "published plan " + plan.slug() + ": " + plan.title() + " ("
                    + subtasks.size() + " sub-tasks in " + waveCount(shape) + " waves)", null, metadata, now);
            return PlanViews.plan(stored, tx.plans().subtasks(List.of(stored.id())).get(stored.id()));
        });
    }

    /** The thread on {@code branch}: the one that exists, or a new one (the publisher does not join it). */
    private StoredTask thread(StorageTransaction tx, NamespaceId namespace, String repoRoot, String branch,
            String title, Instant now) {
        return tx.tasks().findByRepoBranch(namespace, repoRoot, branch)
                .orElseGet(() -> tx.tasks().insert(namespace, title, repoRoot, branch, actor.session(), now));
    }

    @Override
    public List<Plan> list(PlanListQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_LIST_LIMIT);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        String capability = query.capabilityMatch() == null ? null : capability("capability_match",
                query.capabilityMatch());
        boolean filtered = query.onlyWithAvailable() || capability != null;
        archiveDue();
        return kernel.storage().read(tx -> {
            Set<NamespaceId> readable = access.readable(tx, actor.user());
            List<StoredPlan> plans = tx.plans().list(readable, repoRoot, query.includeArchived(),
                    filtered ? LIST_SCAN : query.limit());
            Map<Long, List<StoredSubtask>> subtasks = tx.plans().subtasks(plans.stream().map(StoredPlan::id).toList());
            List<Plan> listed = new ArrayList<>();
            for (StoredPlan stored : plans) {
                Plan plan = PlanViews.plan(stored, subtasks.get(stored.id()));
                List<Subtask> ready = plan.nextAvailable();
                boolean keep = (!query.onlyWithAvailable() || !ready.isEmpty())
                        && (capability == null || ready.stream().anyMatch(s -> capability.equals(s.capabilityHint())));
                if (keep && listed.size() < query.limit()) {
                    listed.add(plan);
                }
            }
            return listed;
        });
    }

    @Override
    public Plan get(PlanRef ref) {
        Check.required("plan", ref);
        archiveDue();
        return kernel.storage().read(tx -> {
            StoredPlan plan = resolve(tx, ref);
            return PlanViews.plan(plan, subtasksOf(tx, plan));
        });
    }

    @Override
    public SubtaskClaim claim(PlanRef ref, int index) {
        Check.required("plan", ref);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            // The hot path reads the one sub-task and its dependencies' statuses; whole rows of every sub-task
            // only when a refusal lists what is claimable instead.
            thread.enter(tx, now);
            StoredPlan plan = resolve(tx, ref);
            StoredSubtask subtask = tx.plans().subtask(plan.id(), index).orElseThrow(() -> subtaskNotFound(plan,
                    tx.plans().statuses(plan.id()).size(), index));
            access.requireWritable(tx, "plan_slug", actor.user(), plan.namespace());
            if (subtask.status() != SubtaskStatus.AVAILABLE) {
                throw notAvailable(PlanViews.plan(plan, subtasksOf(tx, plan)), subtask);
            }
            Map<Integer, SubtaskStatus> statuses = subtask.dependsOn().isEmpty() ? Map.of()
                    : tx.plans().statuses(plan.id());
            if (subtask.dependsOn().stream().anyMatch(d -> statuses.get(d) != SubtaskStatus.COMPLETED)) {
                Plan view = PlanViews.plan(plan, subtasksOf(tx, plan));
                List<Integer> unmet = view.unmetDependencies(index);
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("unmet", unmet);
                details.put("blocked_by", view.blockedBy(index));
                details.put("next_available", indices(view.nextAvailable()));
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_DEPS_UNMET, "subtask_index", plan.slug() + "/sub-"
                        + index + " waits for " + unmet + " to be completed", details);
            }
            StoredSubtask claimed = tx.plans().update(subtask.claimed(actor.session(), actor.agent(), now))
                    .orElseThrow(() -> notAvailable(PlanViews.plan(plan, subtasksOf(tx, plan)), subtask));
            StoredTask thread = this.thread.join(tx, thread(tx, plan, claimed), now);
            for (String file : claimed.fileScope()) {
                ledger.claim(tx, thread, file, "plan " + plan.slug() + "/sub-" + index, now);
            }
            record(tx, audit, thread, plan, claimed, "claimed", null, now);
            return new SubtaskClaim(plan.slug(), index, thread.id(), PlanViews.subtaskBranch(plan.slug(), index),
                    claimed.fileScope());
        });
    }

    @Override
    public SubtaskCompletion complete(PlanRef ref, int index, String summary) {
        Check.required("plan", ref);
        String text = Check.optionalText("summary", summary, MAX_TEXT_CHARS);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            List<StoredSubtask> before = target.subtasks();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() != SubtaskStatus.CLAIMED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_CLAIMED, "subtask_index", plan.slug() + "/sub-"
                        + index + " is " + subtask.status().wireName() + ", not claimed: claim it first");
            }
            requireClaimer(plan, subtask);
            StoredSubtask completed = tx.plans().update(subtask.completed(text, now)).orElseThrow(() -> changed(plan,
                    index));
            StoredTask thread = thread(tx, plan, completed);
            release(tx, ledger, completed, now);
            record(tx, audit, thread, plan, completed, "completed", text, now);
            Plan previous = PlanViews.plan(plan, before);
            List<StoredSubtask> after = subtasksOf(tx, plan);
            Plan current = PlanViews.plan(plan, after);
            List<Integer> unlocked = new ArrayList<>(indices(current.nextAvailable()));
            unlocked.removeAll(indices(previous.nextAvailable()));
            ArchiveReport report = afterCompletion(tx, plan, current, now);
            return new SubtaskCompletion(PlanViews.subtask(plan.slug(), completed), unlocked, report);
        });
    }

    /** What completing a sub-task means for the plan's archive, written in the same transaction. */
    private ArchiveReport afterCompletion(StorageTransaction tx, StoredPlan plan, Plan current, Instant now) {
        if (!plan.autoArchive()) {
            return new ArchiveReport(ArchiveReport.Status.SKIPPED, "auto_archive is off for this plan");
        }
        List<Integer> blocked = current.subtasks().stream().filter(s -> s.status() == SubtaskStatus.BLOCKED)
                .map(Subtask::index).toList();
        if (!blocked.isEmpty()) {
            return new ArchiveReport(ArchiveReport.Status.BLOCKED, "blocked sub-tasks " + blocked
                    + " keep the plan from completing; reopen them with a fix or archive by hand");
        }
        if (!current.complete()) {
            long outstanding = current.subtasks().stream().filter(s -> s.status() != SubtaskStatus.COMPLETED).count();
            return new ArchiveReport(ArchiveReport.Status.SKIPPED, outstanding + " sub-task"
                    + (outstanding == 1 ? " is" : "s are") + " still outstanding");
        }
        Instant due = now.plus(plan.archiveGrace());
        if (plan.archiveGrace().isZero()) {
            archive(tx, tx.plans().update(plan.archiving(PlanStatus.ARCHIVED, due, now, now)).orElseThrow(() ->
                    changed(plan, -1)), now);
            return new ArchiveReport(ArchiveReport.Status.ARCHIVED, null);
        }
        tx.plans().update(plan.archiving(PlanStatus.OPEN, due, null, now)).orElseThrow(() -> changed(plan, -1));
        return new ArchiveReport(ArchiveReport.Status.SKIPPED, "every sub-task is completed; the plan archives at "
                + due + ", after a grace period of " + plan.archiveGrace().toSeconds() + " s");
    }

    /** Archives every open plan the caller may read whose grace period has run out. */
    private void archiveDue() {
        Instant now = kernel.time().now();
        archive(kernel.storage().read(tx -> archiveDue(tx, now)), now);
    }

    /**
     * The open plans the caller may read whose grace period has run out at {@code now}, as read in {@code tx}: what
     * {@link #archive(List, Instant)} archives before the ready queue is read.
     */
    public List<StoredPlan> archiveDue(StorageTransaction tx, Instant now) {
        return tx.plans().list(access.readable(tx, actor.user()), null, false, LIST_SCAN).stream()
                .filter(plan -> plan.archiveDueAt() != null && !now.isBefore(plan.archiveDueAt())).toList();
    }

    /** Archives {@code due} (see {@link #archiveDue(StorageTransaction, Instant)}), each by compare-and-set. */
    public void archive(List<StoredPlan> due, Instant now) {
        if (due.isEmpty()) {
            return;
        }
        kernel.storage().write(tx -> {
            for (StoredPlan plan : due) {
                Optional<StoredPlan> archived = tx.plans().update(plan.archiving(PlanStatus.ARCHIVED,
                        plan.archiveDueAt(), now, now));
                archived.ifPresent(done -> archive(tx, done, now));
            }
            return null;
        });
    }

    /** Records on the plan's own thread that it archived itself: its publisher's record, whoever's call did it. */
    private void archive(StorageTransaction tx, StoredPlan plan, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("plan_slug", plan.slug());
        metadata.put("status", "archived");
        AuditLog.write(tx, plan.namespace(), plan.createdBy(), PLAN_RECORD, "archived plan " + plan.slug()
                + ": every sub-task is completed", plan.specTask(), null, metadata, now);
    }

    @Override
    public Subtask block(PlanRef ref, int index, String reason) {
        Check.required("plan", ref);
        String why = Check.text("reason", reason, MAX_TEXT_CHARS);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() == SubtaskStatus.COMPLETED || subtask.status() == SubtaskStatus.BLOCKED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug()
                        + "/sub-" + index + " is " + subtask.status().wireName() + " and cannot be blocked");
            }
            access.requireWritable(tx, "plan_slug", actor.user(), plan.namespace());
            StoredSubtask blocked = tx.plans().update(subtask.blocked(why, now)).orElseThrow(() -> changed(plan,
                    index));
            if (subtask.claimedBy() != null) {
                release(tx, ledger, subtask, now);
            }
            StoredTask thread = thread(tx, plan, blocked);
            record(tx, audit, thread, plan, blocked, "blocked", why, now);
            return PlanViews.subtask(plan.slug(), blocked);
        });
    }

    @Override
    public Subtask reopen(PlanRef ref, int index) {
        Check.required("plan", ref);
        Instant now = kernel.time().now();
        return kernel.storage().write(tx -> {
            Target target = enter(tx, ref, index, now);
            StoredPlan plan = target.plan();
            StoredSubtask subtask = target.subtask();
            if (subtask.status() != SubtaskStatus.BLOCKED) {
                throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug()
                        + "/sub-" + index + " is " + subtask.status().wireName() + ", not blocked");
            }
            access.requireWritable(tx, "plan_slug", actor.user(), plan.namespace());
            StoredSubtask reopened = tx.plans().update(subtask.reopened(now)).orElseThrow(() -> changed(plan, index));
            StoredTask thread = thread(tx, plan, reopened);
            record(tx, audit, thread, plan, reopened, "available", null, now);
            return PlanViews.subtask(plan.slug(), reopened);
        });
    }

    @Override
    public ReadyWork ready(ReadyQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_READY_LIMIT);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", query.repoRoot());
        archiveDue();
        List<ReadyWork.Released> released = query.releaseStaleClaims() ? releaseStale(repoRoot) : List.of();
        Instant now = kernel.time().now();
        List<ReadyEntry> ranked = kernel.storage().read(tx -> ranked(tx, repoRoot, now));
        int total = (int) ranked.stream().filter(ReadyEntry::claimable).count();
        SubtaskClaim claimed = null;
        String claimError = null;
        if (query.autoClaim() && ReadyRanking.unambiguous(ranked)) {
            ReadyEntry top = ranked.get(0);
            try {
                claimed = claim(new PlanRef(top.repoRoot(), top.planSlug()), top.subtask().index());
            } catch (ColonyException e) {
                claimError = e.code().id() + ": " + e.getMessage();
            }
        }
        return new ReadyWork(ranked.subList(0, Math.min(query.limit(), ranked.size())), total, released, claimed,
                claimError);
    }

    /**
     * The ready queue as read in {@code tx}, best first, nothing claimed or released: for read models that compose it
     * with other reads.
     *
     * @param repoRoot a normalised repository root, or {@code null} for all
     */
    public List<ReadyEntry> ranked(StorageTransaction tx, String repoRoot, Instant now) {
        Set<NamespaceId> readable = access.readable(tx, actor.user());
        return new ReadyRanking(actor, ledger, now).rank(tx, readable, tx.plans().list(readable, repoRoot, false,
                LIST_SCAN));
    }

    /**
     * Releases the sub-tasks, in namespaces the caller may write, that a session holds for over
     * {@link #STALE_CLAIM_AFTER} while it has ended or gone idle: each back to available (compare-and-set),
     * its files released and the release recorded on its thread.
     */
    private List<ReadyWork.Released> releaseStale(String repoRoot) {
        Instant now = kernel.time().now();
        Instant before = now.minus(STALE_CLAIM_AFTER);
        Duration idle = kernel.claimPolicy().ownerIdleAfter();
        List<Map.Entry<StoredPlan, StoredSubtask>> stale = kernel.storage().read(tx -> {
            List<StoredPlan> plans = tx.plans().list(access.readable(tx, actor.user()), repoRoot, false, LIST_SCAN);
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
        return kernel.storage().write(tx -> {
            List<ReadyWork.Released> released = new ArrayList<>();
            for (Map.Entry<StoredPlan, StoredSubtask> entry : stale) {
                StoredPlan plan = entry.getKey();
                StoredSubtask subtask = entry.getValue();
                if (!writable(tx, plan)) {
                    continue;
                }
                if (!reopenAbandoned(tx, ledger, audit, plan, subtask, "released from session " + subtask.claimedBy() + " ("
                        + subtask.claimedAgent() + "), idle since it claimed at " + subtask.claimedAt(), now)) {
                    continue;
                }
                released.add(new ReadyWork.Released(plan.slug(), subtask.index(), subtask.claimedBy(),
                        subtask.claimedAgent(), subtask.claimedAt()));
            }
            return released;
        });
    }

    /**
     * Puts a sub-task whose claimer is gone back to available, by compare-and-set: the claimer's files there
     * released and the release recorded on its thread, with {@code note}. For the ready queue's stale release and
     * for a rescue.
     *
     * @return whether this call reopened it (false when another change came first)
     */
    public static boolean reopenAbandoned(StorageTransaction tx, ClaimLedger ledger, AuditTrail audit, StoredPlan plan,
            StoredSubtask subtask, String note, Instant now) {
        Optional<StoredSubtask> reopened = tx.plans().update(subtask.reopened(now));
        if (reopened.isEmpty()) {
            return false;
        }
        release(tx, ledger, subtask, now);
        record(tx, audit, thread(tx, plan, subtask), plan, reopened.get(), "available", note, now);
        return true;
    }

    private boolean writable(StorageTransaction tx, StoredPlan plan) {
        try {
            access.requireWritable(tx, "plan_slug", actor.user(), plan.namespace());
            return true;
        } catch (ColonyException e) {
            return false;
        }
    }

    /** Whether {@code session} has ended, is unknown, or was last seen {@code idle} ago or more. */
    private static boolean gone(StorageTransaction tx, SessionId session, Instant now, Duration idle) {
        return tx.sessions().find(session).map(found -> found.ended()
                || !found.lastSeen().plus(idle).isAfter(now)).orElse(true);
    }

    private void requireClaimer(StoredPlan plan, StoredSubtask subtask) {
        if (!actor.session().equals(subtask.claimedBy())) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("claimed_by", subtask.claimedBy().value());
            details.put("claimed_agent", subtask.claimedAgent());
            throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_YOURS, "subtask_index", plan.slug() + "/sub-"
                    + subtask.index() + " is held by session " + subtask.claimedBy() + " (" + subtask.claimedAgent()
                    + ")", details);
        }
    }

    /** Releases the file claims the sub-task's claimer holds on its thread. */
    private static void release(StorageTransaction tx, ClaimLedger ledger, StoredSubtask subtask, Instant now) {
        for (String file : subtask.fileScope()) {
            Optional<StoredClaim> claim = tx.claims().find(subtask.task(), file);
            if (claim.isPresent() && claim.get().session().equals(subtask.claimedBy())
                    && claim.get().state() != ClaimState.RELEASED) {
                ledger.change(tx, claim.get().inState(ClaimState.RELEASED, null, claim.get().baton()), now);
            }
        }
    }

    /** The audit memory of a sub-task's change, on its thread. */
    private static void record(StorageTransaction tx, AuditTrail audit, StoredTask thread, StoredPlan plan,
            StoredSubtask subtask, String status, String note, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("plan_slug", plan.slug());
        metadata.put("subtask_index", subtask.index());
        metadata.put("status", status);
        audit.record(tx, thread, SUBTASK_RECORD, status + " " + plan.slug() + "/sub-" + subtask.index() + ": "
                + subtask.title() + (note == null ? "" : " -- " + note), null, metadata, now);
    }

    private static ColonyException notAvailable(Plan plan, StoredSubtask subtask) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("status", subtask.status().wireName());
        if (subtask.claimedBy() != null && subtask.status() == SubtaskStatus.CLAIMED) {
            details.put("claimed_by", subtask.claimedBy().value());
            details.put("claimed_agent", subtask.claimedAgent());
        }
        List<Integer> next = indices(plan.nextAvailable());
        details.put("next_available", next);
        return ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE, "subtask_index", plan.slug() + "/sub-"
                + subtask.index() + " is " + subtask.status().wireName() + (subtask.blockedReason() == null ? ""
                        : " (" + subtask.blockedReason() + ")") + (next.isEmpty() ? "; nothing else is claimable now"
                                : "; claimable now: " + next), details);
    }

    private static ColonyException changed(StoredPlan plan, int index) {
        return new ColonyException(ErrorCode.CONFLICT, "plan " + plan.slug() + (index < 0 ? "" : "/sub-" + index)
                + " changed concurrently; read it again");
    }

    private static List<Integer> indices(List<Subtask> subtasks) {
        return subtasks.stream().map(Subtask::index).toList();
    }

    private StoredPlan resolve(StorageTransaction tx, PlanRef ref) {
        String slug = Check.text("plan_slug", ref.slug(), MAX_SLUG_CHARS);
        String repoRoot = RepoRoots.normaliseOptional("repo_root", ref.repoRoot());
        List<StoredPlan> found = tx.plans().findBySlug(access.readable(tx, actor.user()), repoRoot, slug);
        if (found.isEmpty()) {
            throw ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_FOUND, "plan_slug", "no plan named " + slug
                    + (repoRoot == null ? "" : " in " + repoRoot));
        }
        if (found.size() > 1) {
            throw ColonyException.invalid("repo_root", "plans named " + slug + " exist in " + found.stream()
                    .map(StoredPlan::repoRoot).distinct().toList() + "; name the repository");
        }
        return found.get(0);
    }

    /** The thread of a sub-task of {@code plan}, which the caller may read since it may read the plan. */
    private static StoredTask thread(StorageTransaction tx, StoredPlan plan, StoredSubtask subtask) {
        return tx.tasks().find(subtask.task()).orElseThrow(() -> new ColonyException(ErrorCode.INTERNAL, "the thread "
                + subtask.task() + " of " + plan.slug() + "/sub-" + subtask.index() + " is missing"));
    }

    /**
     * The first step of every change to one sub-task: the caller's session checked and touched, then the plan
     * and its sub-tasks read.
     */
    private Target enter(StorageTransaction tx, PlanRef ref, int index, Instant now) {
        thread.enter(tx, now);
        StoredPlan plan = resolve(tx, ref);
        List<StoredSubtask> subtasks = subtasksOf(tx, plan);
        return new Target(plan, subtasks, subtask(subtasks, plan, index));
    }

    /** A sub-task about to change, with its plan and all the plan's sub-tasks as read. */
    private record Target(StoredPlan plan, List<StoredSubtask> subtasks, StoredSubtask subtask) {
    }

    private static List<StoredSubtask> subtasksOf(StorageTransaction tx, StoredPlan plan) {
        return tx.plans().subtasks(List.of(plan.id())).get(plan.id());
    }

    private static StoredSubtask subtask(List<StoredSubtask> subtasks, StoredPlan plan, int index) {
        if (index < 0 || index >= subtasks.size()) {
            throw subtaskNotFound(plan, subtasks.size(), index);
        }
        return subtasks.get(index);
    }

    private static ColonyException subtaskNotFound(StoredPlan plan, int count, int index) {
        return ColonyException.about(ErrorCode.PLAN_SUBTASK_NOT_FOUND, "subtask_index", "plan " + plan.slug()
                + " has sub-tasks 0 to " + (count - 1) + ", not " + index);
    }

    /** Files of the plan that sessions other than the caller's hold by a live, fresh claim in its repository. */
    private List<ClaimCollision> collisions(StorageTransaction tx, PlanDraft plan, Instant now) {
        ClaimedFiles claimed = ClaimedFiles.read(tx, access.readable(tx, actor.user()), ledger, actor.session(), now,
                null);
        List<ClaimCollision> collisions = new ArrayList<>();
        for (int i = 0; i < plan.subtasks().size(); i++) {
            for (String file : plan.subtasks().get(i).fileScope()) {
                for (StoredClaim claim : claimed.heldByOthers(plan.repoRoot(), file)) {
                    collisions.add(new ClaimCollision(i, file, claim.task(), claim.session(), claim.agent()));
                }
            }
        }
        return collisions;
    }

    /** The draft with every field checked and normalised, each error naming its field. */
    private static PlanDraft normalise(PlanDraft draft) {
        Check.required("plan", draft);
        String repoRoot = RepoRoots.normalise("repo_root", draft.repoRoot());
        String slug = Check.text("slug", draft.slug(), MAX_SLUG_CHARS);
        if (!SLUG.matcher(slug).matches()) {
            throw ColonyException.invalid("slug", "must be kebab-case (lowercase letters and digits joined by single "
                    + "hyphens), was '" + slug + "'");
        }
        String title = Check.text("title", draft.title(), MAX_TITLE_CHARS);
        String problem = Check.optionalText("problem", draft.problem(), MAX_TEXT_CHARS);
        if (draft.acceptanceCriteria().size() > MAX_CRITERIA) {
            throw ColonyException.invalid("acceptance_criteria", "at most " + MAX_CRITERIA + " criteria, was "
                    + draft.acceptanceCriteria().size());
        }
        List<String> criteria = new ArrayList<>();
        for (int i = 0; i < draft.acceptanceCriteria().size(); i++) {
            criteria.add(Check.text("acceptance_criteria[" + i + "]", draft.acceptanceCriteria().get(i),
                    MAX_CRITERION_CHARS));
        }
        int count = draft.subtasks().size();
        if (count < MIN_SUBTASKS || count > MAX_SUBTASKS) {
            throw ColonyException.invalid("subtasks", "a plan has " + MIN_SUBTASKS + " to " + MAX_SUBTASKS
                    + " sub-tasks, was " + count + (count < MIN_SUBTASKS ? "; a single piece of work is a task thread"
                            : "; split the plan"));
        }
        List<SubtaskDraft> subtasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            SubtaskDraft subtask = Check.required("subtasks[" + i + "]", draft.subtasks().get(i));
            String field = "subtasks[" + i + "]";
            if (subtask.fileScope().size() > MAX_FILE_SCOPE) {
                throw ColonyException.invalid(field + ".file_scope", "at most " + MAX_FILE_SCOPE + " files, was "
                        + subtask.fileScope().size());
            }
            Set<String> scope = new LinkedHashSet<>();
            for (int f = 0; f < subtask.fileScope().size(); f++) {
                scope.add(ClaimPaths.normalise(field + ".file_scope[" + f + "]", repoRoot, subtask.fileScope().get(f)));
            }
            if (subtask.wave() != null && subtask.wave() < 0) {
                throw ColonyException.invalid(field + ".wave", "must be 0 or more, was " + subtask.wave());
            }
            subtasks.add(new SubtaskDraft(Check.text(field + ".title", subtask.title(), MAX_TITLE_CHARS),
                    Check.optionalText(field + ".description", subtask.description(), MAX_TEXT_CHARS),
                    List.copyOf(scope), subtask.dependsOn(), subtask.capabilityHint() == null ? null
                            : capability(field + ".capability_hint", subtask.capabilityHint()),
                    subtask.wave(), subtask.finalizer()));
        }
        Duration grace = draft.archiveGrace() == null ? DEFAULT_ARCHIVE_GRACE : draft.archiveGrace();
        if (grace.isNegative() || grace.compareTo(MAX_ARCHIVE_GRACE) > 0) {
            throw ColonyException.invalid("archive_grace", "must be 0 to " + MAX_ARCHIVE_GRACE.toSeconds()
                    + " seconds, was " + grace.toSeconds());
        }
        return new PlanDraft(repoRoot, slug, title, problem, criteria, subtasks, draft.autoArchive(), grace);
    }

    private static String capability(String field, String value) {
        String hint = Check.text(field, value, 40);
        if (!CAPABILITY.matcher(hint).matches()) {
            throw ColonyException.invalid(field, "must be a lowercase word such as api_work or ui_work, was '" + hint
                    + "'");
        }
        return hint;
    }
}
