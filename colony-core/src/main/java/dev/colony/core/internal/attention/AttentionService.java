package dev.colony.core.internal.attention;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.api.activity.FileEdit;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionInbox;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.attention.Blocker;
import dev.colony.api.attention.Need;
import dev.colony.api.attention.StaleClaims;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.claim.ClaimAge;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.lane.Lanes;
import dev.colony.api.memory.Memory;
import dev.colony.api.message.Message;
import dev.colony.api.message.Messages;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.task.PostKind;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.activity.FileActivityService;
import dev.colony.core.internal.baton.BatonRows;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.lane.LaneReader;
import dev.colony.core.internal.message.MessageService;
import dev.colony.core.internal.run.RunService;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.core.internal.task.ThreadScope;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.MessageRecords.Recipient;
import dev.colony.spi.storage.MessageRecords.StoredMessage;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link AttentionInbox} for one caller: one read transaction, every bucket from the same rows. Reading
 * never writes: expired batons and messages are hidden, not rewritten. What waits for the caller's own
 * action is counted here once, by {@link Need}, for every view that says what to do next.
 */
public final class AttentionService implements AttentionInbox {

    /** The most rows of one kind (batons, messages, blockers) read before narrowing to the scope. */
    private static final int MAX_ROWS = 500;
    private static final Set<ClaimState> LISTED =
            Set.of(ClaimState.ACTIVE, ClaimState.HANDOFF_PENDING, ClaimState.WEAK_EXPIRED);
    private static final int TOP_BRANCHES = 5;

    private final Actor actor;
    private final Kernel kernel;
    private final ClaimLedger ledger;
    private final LaneReader lanes;

    /** The attention inbox of {@code actor}. */
    public AttentionService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        ThreadCaller thread = new ThreadCaller(actor);
        AuditTrail audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
        this.lanes = new LaneReader(actor, kernel);
    }

    @Override
    public Attention read(AttentionQuery query) {
        Instant now = kernel.time().now();
        return kernel.store(actor.user()).read(tx -> read(tx, query, now));
    }

    /** What needs the caller, as read in {@code tx} at {@code now}: for read models that compose it with other reads. */
    public Attention read(CallerTransaction tx, AttentionQuery query, Instant now) {
        Check.required("query", query);
        Check.range("limit", query.itemLimit(), 1, AttentionQuery.MAX_LIMIT);
        Check.range("recent_claim_limit", query.recentClaimLimit(), 1, AttentionQuery.MAX_LIMIT);
        Check.range("file_heat_limit", query.heatLimit(), 1, AttentionQuery.MAX_LIMIT);
        Duration window = window("recent_claim_window_minutes", query.recentClaimWindow());
        Duration halfLife = FileActivityService.halfLife("file_heat_half_life_minutes", query.heatHalfLife());
        Set<String> roots = ThreadScope.roots("repo_roots", query.repoRoots());
        tx.requireOwnSession("session_id", actor.session());
        Set<NamespaceId> readable = tx.readable();
        ThreadScope scope = ThreadScope.of(tx, readable, roots, query.tasks(), "task_ids");
        List<Baton> batons = batons(tx, readable, scope, now);
        List<Message> unread = unread(tx, readable, scope, query, now);
        List<Blocker> blockers = blockers(tx, readable, scope, now);
        Instant editsSince = now.minus(max(LaneReader.EDIT_WINDOW, halfLife.multipliedBy(8)));
        List<FileEdit> edits = tx.fileEdits().since(readable, editsSince, FileActivityService.MAX_EVENTS);
        List<StoredClaim> claims = scope.keep(tx.claims().listByNamespaces(readable, LISTED,
                FileActivityService.MAX_EVENTS), StoredClaim::task);
        List<Lane> stalled = lanes.lanes(tx, lanes.visibleSessions(tx), roots, edits, claims, now, true,
                Lanes.MAX_LIST_LIMIT).stream()
                .filter(lane -> !lane.session().equals(actor.session()) && stalled(lane))
                .toList();
        List<FileClaim> recent = claims.stream()
                .filter(c -> !c.session().equals(actor.session()) && !c.claimedAt().isBefore(now.minus(window)))
                .map(c -> ledger.view(c, now))
                .filter(FileClaim::owning)
                .toList();
        List<Run> runs = runsForYou(tx, readable);
        List<Run> ended = RunService.spawnedByAgentOf(tx, tx.runs().list(readable, null, null, null,
                Runs.MAX_VIEWABLE_WINDOW).stream().map(StoredRun::run).filter(run -> run.status().terminal()
                        && !run.notified()).toList(), actor);
        return new Attention(now, first(batons, query.itemLimit()), batons.size(),
                first(unread, query.itemLimit()), unread.size(), first(blockers, query.itemLimit()),
                blockers.size(), first(stalled, query.itemLimit()), stalled.size(),
                first(recent, query.recentClaimLimit()), recent.size(), stale(scope, claims, now),
                FileActivityService.hottest(scope, edits, claims, now, halfLife, query.heatLimit()),
                first(runs, query.itemLimit()), runs.size(), first(ended, query.itemLimit()), ended.size(),
                needs(batons, unread, runs, ended));
    }

    /**
     * How many of each need wait, counted over every row read (not only the ones each bucket lists), in the
     * order of {@link Need}.
     */
    private static Map<Need, Integer> needs(List<Baton> batons, List<Message> unread, List<Run> runs,
            List<Run> ended) {
        Map<Need, Integer> needs = new EnumMap<>(Need.class);
        batons.forEach(baton -> needs.merge(Need.of(baton), 1, Integer::sum));
        unread.forEach(message -> Need.of(message).ifPresent(need -> needs.merge(need, 1, Integer::sum)));
        if (!runs.isEmpty()) {
            needs.put(Need.RUN_FOR_YOU, runs.size());
        }
        if (!ended.isEmpty()) {
            needs.put(Need.ENDED_RUN, ended.size());
        }
        return needs;
    }

    /**
     * Runs addressed to the caller's agent type that no session took: created ones still queued and dispatched
     * ones already holding a slot; oldest first, since they have waited longest.
     */
    private List<Run> runsForYou(CallerTransaction tx, Set<NamespaceId> readable) {
        List<Run> waiting = new ArrayList<>(tx.runs().list(readable, AgentTypes.of(actor.agent()), null, null,
                Runs.MAX_VIEWABLE_WINDOW).stream().map(StoredRun::run).filter(run -> run.executor() == null
                        && (run.status() == RunStatus.IN_PROGRESS || run.status() == RunStatus.QUEUED
                                && !run.dispatched())).toList());
        Collections.reverse(waiting);
        return waiting;
    }

    /**
     * Live handoffs and relays from other sessions addressed to the caller's agent, in the order of their
     * {@link Need} (handoffs before quota relays), each soonest expiry first.
     */
    private List<Baton> batons(CallerTransaction tx, Set<NamespaceId> readable, ThreadScope scope, Instant now) {
        return tx.batons().listByNamespaces(readable, List.of(BatonStatus.PENDING), MAX_ROWS).stream()
                .filter(b -> scope.contains(b.task()) && now.isBefore(b.expiresAt())
                        && !b.fromSession().equals(actor.session()) && AgentTypes.addresses(b.toAgent(), actor.agent()))
                .map(b -> BatonRows.view(b, now))
                .sorted(Comparator.comparing((Baton baton) -> Need.of(baton)).thenComparing(Baton::expiresAt))
                .toList();
    }

    /**
     * Unread, unexpired messages to the caller on threads in scope: blocking, then awaiting a reply, then for
     * information (the order of their {@link Need}).
     */
    private List<Message> unread(CallerTransaction tx, Set<NamespaceId> readable, ThreadScope scope,
            AttentionQuery query, Instant now) {
        List<StoredMessage> rows = tx.messages().addressedTo(new Recipient(readable, query.tasks(), actor.session(),
                actor.agent(), AgentTypes.of(actor.agent()), null, true, now, true, Messages.MAX_LIST_LIMIT));
        return rows.stream().filter(m -> scope.contains(m.task())).map(m -> MessageService.view(m, now))
                .sorted(Comparator.comparing(Message::urgency, Comparator.reverseOrder()))
                .toList();
    }

    /** Blocker posts of the last {@link AttentionQuery#BLOCKER_WINDOW} on threads in scope, newest first. */
    private static List<Blocker> blockers(CallerTransaction tx, Set<NamespaceId> readable, ThreadScope scope,
            Instant now) {
        List<Memory> posts = tx.taskPosts().recentOfKinds(readable, List.of(PostKind.BLOCKER.memoryKind()),
                now.minus(AttentionQuery.BLOCKER_WINDOW), MAX_ROWS);
        return posts.stream().filter(m -> scope.contains(m.task()))
                .map(m -> new Blocker(m.id(), m.task(), m.session(), m.createdAt(), MessageService.preview(m.content())))
                .toList();
    }

    /** A lane another agent may have to rescue: stalled, or dead while it still holds files. */
    private static boolean stalled(Lane lane) {
        return lane.activity() == LaneActivity.STALLED
                || (lane.activity() == LaneActivity.DEAD && lane.claimedFileCount() > 0);
    }

    /** Claims still held but old (stale age) or weakened: counted, with the branches holding most. */
    private StaleClaims stale(ThreadScope scope, List<StoredClaim> claims, Instant now) {
        Map<String, Integer> byBranch = new LinkedHashMap<>();
        int count = 0;
        for (StoredClaim claim : claims) {
            ClaimState state = ledger.effectiveState(claim, now);
            boolean stale = state == ClaimState.WEAK_EXPIRED
                    || (state == ClaimState.ACTIVE && ledger.ageOf(claim, now) != ClaimAge.FRESH);
            if (stale) {
                count++;
                String branch = scope.thread(claim.task()).map(StoredTask::branch).orElse("?");
                byBranch.merge(branch == null ? "?" : branch, 1, Integer::sum);
            }
        }
        List<String> top = byBranch.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP_BRANCHES).map(Map.Entry::getKey).toList();
        return new StaleClaims(count, top);
    }

    private static Duration window(String field, Duration window) {
        Check.required(field, window);
        if (window.compareTo(Duration.ofMinutes(1)) < 0 || window.compareTo(Duration.ofDays(7)) > 0) {
            throw ColonyException.invalid(field, "must be between 1 minute and 7 days, was " + window);
        }
        return window;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static <T> List<T> first(List<T> items, int limit) {
        return items.size() > limit ? List.copyOf(items.subList(0, limit)) : items;
    }
}
