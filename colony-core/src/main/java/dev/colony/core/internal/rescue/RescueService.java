package dev.colony.core.internal.rescue;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.plan.Plan;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.rescue.RescueEntry.MessageState;
import dev.colony.api.rescue.RescueEntry.Urgency;
import dev.colony.api.rescue.RescueEntry;
import dev.colony.api.rescue.RescueReport.StrandedSession;
import dev.colony.api.rescue.RescueReport;
import dev.colony.api.rescue.Rescues;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.session.Session;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.baton.RelayService;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.plan.PlanService;
import dev.colony.core.internal.plan.PlanViews;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.MessageRecords.Recipient;
import dev.colony.spi.storage.MessageRecords.StoredMessage;
import dev.colony.spi.storage.PlanRecords.StoredPlan;
import dev.colony.spi.storage.PlanRecords.StoredSubtask;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link Rescues} for one caller. A scan reads; a run reads the same picture and acts on it inside one write
 * transaction, so what it rescues is what it saw: per stranded thread, a relay to any agent listing the files
 * (written by the rescuer, sent in the stranded session's name), every active claim of the stranded session
 * there released by compare-and-set, and its sub-task reopened.
 */
public final class RescueService implements Rescues {

    /** Active claims a scan reads, newest first. */
    private static final int CLAIMS_READ = 5_000;
    /** Open plans a scan reads to place the sub-tasks it finds. */
    private static final int PLANS_READ = 200;
    /** Unread messages read per stranded thread. */
    private static final int MESSAGES_READ = 20;

    private final Actor actor;
    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    /** The rescues {@code actor} may see and run. */
    public RescueService(Actor actor, Kernel kernel) {
        this.actor = actor;
        this.kernel = kernel;
        this.store = kernel.store(actor.user());
        this.thread = new ThreadCaller(actor);
        this.audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    @Override
    public RescueReport scan(Duration strandedAfter) {
        Duration silence = silence(strandedAfter);
        Instant now = kernel.time().now();
        return store.read(tx -> picture(tx, tx.readable(), silence, now).report(true));
    }

    @Override
    public RescueReport run(Duration strandedAfter, boolean confirm) {
        Duration silence = silence(strandedAfter);
        if (!confirm) {
            throw ColonyException.about(ErrorCode.RESCUE_CONFIRM_REQUIRED, "confirm", "a rescue relays threads and "
                    + "releases claims of other sessions: call again with confirm: true (rescue_stranded_scan shows "
                    + "what it would do)");
        }
        Instant now = kernel.time().now();
        return store.write(tx -> {
            thread.enter(tx, now);
            Picture picture = picture(tx, tx.changeable(), silence, now);
            List<RescueEntry> done = new ArrayList<>();
            for (Found found : picture.found()) {
                done.add(rescue(tx, found, now));
            }
            return new RescueReport(false, picture.sessions(), sorted(done));
        });
    }

    /** Relays one stranded thread, releases the session's claims there and reopens its sub-task. */
    private RescueEntry rescue(CallerTransaction tx, Found found, Instant now) {
        RescueEntry entry = found.entry();
        for (StoredClaim claim : found.claims()) {
            ledger.change(tx, claim.inState(ClaimState.RELEASED, null, claim.baton()), now);
        }
        if (found.subtask() != null) {
            PlanService.reopenAbandoned(tx, ledger, audit, found.plan(), found.subtask(), "rescued from session "
                    + entry.session() + " (" + entry.agent() + "), silent for " + entry.staleAgeMinutes() + " min",
                    now);
        }
        String oneLine = "rescue: " + entry.agent() + " session " + entry.session() + " went silent "
                + entry.staleAgeMinutes() + " min ago holding " + (entry.files().isEmpty() ? "no files"
                        : String.join(", ", entry.files())) + (entry.planSlug() == null ? ""
                                : "; sub-task " + entry.planSlug() + "/sub-" + entry.subtaskIndex() + " is available");
        MemoryId relay = RelayService.emit(tx, audit, found.thread(), entry.session(), entry.agent(),
                RelayReason.RESCUE, oneLine, entry.files(), now);
        return entry.relayedBy(relay);
    }

    /** Everything stranded in {@code namespaces} at {@code now}. */
    private Picture picture(CallerTransaction tx, Set<NamespaceId> namespaces, Duration silence, Instant now) {
        Instant before = now.minus(silence);
        Map<SessionId, Optional<Session>> sessions = new HashMap<>();
        Map<SessionId, Map<TaskId, List<StoredClaim>>> held = new LinkedHashMap<>();
        for (StoredClaim claim : tx.claims().listByNamespaces(namespaces, List.of(ClaimState.ACTIVE), CLAIMS_READ)) {
            if (claim.session().equals(actor.session())) {
                continue;
            }
            Optional<Session> session = sessions.computeIfAbsent(claim.session(), id -> tx.sessions().find(id));
            if (stranded(session, before)) {
                held.computeIfAbsent(claim.session(), id -> new LinkedHashMap<>())
                        .computeIfAbsent(claim.task(), id -> new ArrayList<>()).add(claim);
            }
        }
        Map<Long, StoredPlan> plans = new HashMap<>();
        for (StoredPlan plan : tx.plans().list(namespaces, null, false, PLANS_READ)) {
            plans.put(plan.id(), plan);
        }
        Map<SessionId, List<StoredSubtask>> subtasks = new LinkedHashMap<>();
        for (SessionId session : sessionsWithSubtasks(tx, plans, namespaces)) {
            Optional<Session> row = sessions.computeIfAbsent(session, id -> tx.sessions().find(id));
            if (!session.equals(actor.session()) && stranded(row, before)) {
                subtasks.put(session, tx.plans().claimedBy(session).stream()
                        .filter(subtask -> plans.containsKey(subtask.plan())).toList());
            }
        }
        Set<SessionId> strandedIds = new TreeSet<>(Comparator.comparing(SessionId::value));
        strandedIds.addAll(held.keySet());
        strandedIds.addAll(subtasks.keySet());
        List<StrandedSession> stranded = new ArrayList<>();
        List<Found> found = new ArrayList<>();
        for (SessionId id : strandedIds) {
            Optional<Session> row = sessions.get(id);
            Map<TaskId, List<StoredClaim>> byTask = held.getOrDefault(id, Map.of());
            List<StoredSubtask> mine = subtasks.getOrDefault(id, List.of());
            String agent = row.map(Session::agent).orElseGet(() -> byTask.values().stream().flatMap(List::stream)
                    .map(StoredClaim::agent).findFirst().orElse("unknown"));
            Instant lastSeen = row.map(Session::lastSeen).orElseGet(() -> byTask.values().stream()
                    .flatMap(List::stream).map(StoredClaim::updatedAt).max(Comparator.naturalOrder()).orElse(now));
            long silent = Duration.between(lastSeen, now).toMinutes();
            stranded.add(new StrandedSession(id, agent, lastSeen, silent, row.map(Session::ended).orElse(true),
                    byTask.values().stream().mapToInt(List::size).sum(), mine.size()));
            Map<TaskId, StoredSubtask> subtaskByThread = new HashMap<>();
            mine.forEach(subtask -> subtaskByThread.put(subtask.task(), subtask));
            Set<TaskId> threads = new TreeSet<>(Comparator.comparingLong(TaskId::value));
            threads.addAll(byTask.keySet());
            threads.addAll(subtaskByThread.keySet());
            for (TaskId task : threads) {
                Optional<StoredTask> thread = tx.tasks().find(task);
                if (thread.isEmpty()) {
                    continue;
                }
                found.add(entry(tx, namespaces, id, agent, silent, thread.get(), byTask.getOrDefault(task, List.of()),
                        subtaskByThread.get(task), plans, now));
            }
        }
        stranded.sort(Comparator.comparingLong(StrandedSession::silentMinutes).reversed()
                .thenComparing(session -> session.session().value()));
        found.sort(Comparator.comparing(Found::entry, ORDER));
        return new Picture(stranded, found);
    }

    private Found entry(CallerTransaction tx, Set<NamespaceId> namespaces, SessionId session, String agent,
            long silent, StoredTask thread, List<StoredClaim> claims, StoredSubtask subtask,
            Map<Long, StoredPlan> plans, Instant now) {
        StoredPlan plan = subtask == null ? null : plans.get(subtask.plan());
        int downstream = 0;
        if (plan != null) {
            Plan view = PlanViews.plan(plan, tx.plans().subtasks(List.of(plan.id())).get(plan.id()));
            downstream = view.downstreamOf(subtask.index()).size();
        }
        MessageState messages = messages(tx, namespaces, session, agent, thread.id(), now);
        Urgency urgency = downstream > 0 || messages == MessageState.BLOCKING ? Urgency.HIGH
                : subtask != null || messages != MessageState.NONE ? Urgency.MEDIUM : Urgency.LOW;
        List<String> files = claims.stream().map(StoredClaim::filePath).sorted().toList();
        String action = "rescue_stranded_run: relay thread " + thread.id() + " to any agent" + (files.isEmpty() ? ""
                : ", release " + files.size() + " file" + (files.size() == 1 ? "" : "s")) + (subtask == null ? ""
                        : ", reopen " + plan.slug() + "/sub-" + subtask.index());
        RescueEntry entry = new RescueEntry(session, agent, thread.id(), thread.repoRoot(), thread.branch(), files,
                plan == null ? null : plan.slug(), subtask == null ? null : subtask.index(),
                subtask == null ? null : subtask.wave(), downstream, urgency, silent, messages, action, null);
        return new Found(entry, thread, claims, plan, subtask);
    }

    /** The most urgent unread message to {@code session} on {@code task}. */
    private static MessageState messages(CallerTransaction tx, Set<NamespaceId> namespaces, SessionId session,
            String agent, TaskId task, Instant now) {
        List<StoredMessage> unread = tx.messages().addressedTo(new Recipient(namespaces, Set.of(task), session, agent,
                AgentTypes.of(agent), null, true, now, true, MESSAGES_READ));
        if (unread.isEmpty()) {
            return MessageState.NONE;
        }
        MessageUrgency most = unread.stream().map(StoredMessage::urgency).max(Comparator.naturalOrder()).orElseThrow();
        return switch (most) {
            case BLOCKING -> MessageState.BLOCKING;
            case NEEDS_REPLY -> MessageState.NEEDS_REPLY;
            case FYI -> MessageState.FYI;
        };
    }

    /** The sessions that hold a sub-task of one of {@code plans}. */
    private static Set<SessionId> sessionsWithSubtasks(CallerTransaction tx, Map<Long, StoredPlan> plans,
            Set<NamespaceId> namespaces) {
        Set<SessionId> sessions = new TreeSet<>(Comparator.comparing(SessionId::value));
        if (plans.isEmpty()) {
            return sessions;
        }
        tx.plans().subtasks(plans.keySet()).values().forEach(list -> list.stream()
                .filter(subtask -> subtask.status() == SubtaskStatus.CLAIMED && subtask.claimedBy() != null)
                .forEach(subtask -> sessions.add(subtask.claimedBy())));
        return sessions;
    }

    /**
     * Whether a session is silent since {@code before} or earlier, or unknown. A session that ended counts only
     * once it has been silent as long: an agent that restarts gets that long to come back to its claims.
     */
    private static boolean stranded(Optional<Session> session, Instant before) {
        return session.map(found -> !found.lastSeen().isAfter(before)).orElse(true);
    }

    private static Duration silence(Duration strandedAfter) {
        Duration silence = strandedAfter == null ? DEFAULT_STRANDED_AFTER : strandedAfter;
        if (silence.compareTo(MIN_STRANDED_AFTER) < 0 || silence.compareTo(MAX_STRANDED_AFTER) > 0) {
            throw ColonyException.invalid("stranded_after_minutes", "must be " + MIN_STRANDED_AFTER.toMinutes()
                    + " to " + MAX_STRANDED_AFTER.toMinutes() + " minutes, was " + silence.toMinutes());
        }
        return silence;
    }

    /** Most urgent first: urgency, then longest silent, most waiting on it, most urgent message, thread. */
    private static final Comparator<RescueEntry> ORDER = Comparator.comparing(RescueEntry::blockingUrgency)
            .thenComparing(Comparator.comparingLong(RescueEntry::staleAgeMinutes).reversed())
            .thenComparing(Comparator.comparingInt(RescueEntry::blockedDownstreamCount).reversed())
            .thenComparing(RescueEntry::messageAttentionState)
            .thenComparingLong(entry -> entry.task().value());

    private static List<RescueEntry> sorted(List<RescueEntry> entries) {
        return entries.stream().sorted(ORDER).toList();
    }

    /** What a scan found, with what a run needs to act on it. */
    private record Found(RescueEntry entry, StoredTask thread, List<StoredClaim> claims, StoredPlan plan,
            StoredSubtask subtask) {
    }

    /** The stranded sessions and their threads. */
    private record Picture(List<StrandedSession> sessions, List<Found> found) {

        RescueReport report(boolean dryRun) {
            return new RescueReport(dryRun, sessions, found.stream().map(Found::entry).toList());
        }
    }
}
