package dev.colony.core.internal.baton;

import dev.colony.api.Actor;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.baton.Relays;
import dev.colony.api.baton.ResumableState;
import dev.colony.api.baton.WorktreeRecipe;
import dev.colony.api.claim.ClaimAge;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.Claims;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.ThreadEntry;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.StoredVector;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Relays} for one caller. Sending writes the {@code relay} memory (whose id names the relay),
 * the baton row with its worktree recipe and resumable state, and turns the sender's fresh active
 * claims on the thread into claims pending for the relay, in one transaction; accepting and
 * declining are transitions of the shared {@link BatonDesk}.
 */
public final class RelayService implements Relays {

    /** The audit kind that announces a relay. */
    static final MemoryKind RELAY = MemoryKind.of("relay");
    /** The most recent thread entries a relay looks at for its resumable state. */
    private static final int RESUMABLE_SCAN = 200;
    /** The longest base branch or ref. */
    private static final int MAX_REF_CHARS = 255;

    private final BatonDesk desk;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    /** The relay service acting as {@code actor}. */
    public RelayService(Actor actor, Kernel kernel) {
        this.desk = new BatonDesk(actor, kernel);
        this.thread = desk.thread();
        this.audit = desk.audit();
        this.ledger = desk.ledger();
    }

    @Override
    public Baton relay(RelayRequest request) {
        Check.required("request", request);
        TaskId taskId = Check.required("task_id", request.task());
        RelayReason reason = request.reason() == null ? RelayReason.UNSPECIFIED : request.reason();
        String oneLine = Check.body("one_line", request.oneLine(), BatonLimits.MAX_SUMMARY_CHARS);
        String baseBranch = Check.optionalText("base_branch", request.baseBranch(), MAX_REF_CHARS);
        String fetchAt = Check.optionalText("fetch_files_at", request.fetchFilesAt(), MAX_REF_CHARS);
        String to = BatonDesk.addressee(request.toAgent());
        Duration ttl = BatonDesk.ttl(request.expiresIn(), BatonLimits.RELAY_DEFAULT_TTL, BatonLimits.RELAY_MAX_TTL);
        StoredVector vector = desk.kernel().embed(content(reason, to, oneLine));
        Instant now = desk.kernel().time().now();
        Instant until = now.plus(ttl);
        return desk.write(tx -> {
            thread.enter(tx, now);
            StoredTask task = thread.task(tx, "task_id", taskId);
            thread.requireParticipant(tx, task);
            List<StoredClaim> mine = tx.claims().listByTask(taskId, List.of(ClaimState.ACTIVE), Claims.MAX_LIST_LIMIT)
                    .stream()
                    .filter(claim -> claim.session().equals(thread.actor().session())
                            && ledger.ageOf(claim, now) == ClaimAge.FRESH)
                    .sorted(Comparator.comparing(StoredClaim::filePath))
                    .toList();
            List<String> files = mine.stream().map(StoredClaim::filePath).toList();
            StoredBaton stored = emit(tx, audit, task, thread.actor().session(), thread.actor().agent(), reason,
                    oneLine, to, baseBranch, fetchAt, files, vector, now, until);
            for (StoredClaim claim : mine) {
                ledger.change(tx, claim.inState(ClaimState.HANDOFF_PENDING, until, stored.id()), now);
            }
            return BatonDesk.Step.of(BatonRows.view(stored, now));
        });
    }

    /**
     * A relay to any agent of the work {@code fromSession} leaves on {@code task}, written by the caller: the
     * rescue of a session gone silent. The relay lists {@code files}, so whoever accepts it claims them.
     *
     * @return the relay's id
     */
    public static MemoryId emit(CallerTransaction tx, AuditTrail audit, StoredTask task, SessionId fromSession,
            String fromAgent, RelayReason reason, String oneLine, List<String> files, Instant now) {
        return emit(tx, audit, task, fromSession, fromAgent, reason, oneLine, BatonDesk.addressee(null), null, null,
                files, null, now, now.plus(BatonLimits.RELAY_DEFAULT_TTL)).id();
    }

    /** The text of a relay's announcement. */
    private static String content(RelayReason reason, String to, String oneLine) {
        return "relay (" + reason.wireName() + ") to " + to + ": " + oneLine;
    }

    /** Writes a relay's announcement (with {@code vector}, or none) and its pending baton. */
    private static StoredBaton emit(CallerTransaction tx, AuditTrail audit, StoredTask task, SessionId fromSession,
            String fromAgent, RelayReason reason, String oneLine, String to, String baseBranch, String fetchAt,
            List<String> files, StoredVector vector, Instant now, Instant until) {
        WorktreeRecipe recipe = new WorktreeRecipe(baseBranch, files, fetchAt, fetchAt == null
                ? "no fetch_files_at was given: changed or untracked files may exist only in the sender's worktree; "
                        + "coordinate with a person before assuming they are lost"
                : null);
        ResumableState resumable = resumable(tx, task.id(), now);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("reason", reason.wireName());
        metadata.put("to_agent", to);
        metadata.put("inherit_claims", files);
        if (!fromSession.equals(audit.caller().actor().session())) {
            metadata.put("on_behalf_of", fromSession.value());
        }
        MemoryId id = audit.record(tx, task, RELAY, content(reason, to, oneLine), null, metadata, now, vector);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("summary", oneLine);
        details.put("reason", reason.wireName());
        details.put("worktree_recipe", BatonRows.recipeDetails(recipe));
        details.put("resumable_state", BatonRows.resumableDetails(resumable));
        return tx.batons().insert(new StoredBaton(id, BatonKind.RELAY, task.id(), BatonStatus.PENDING, fromSession,
                fromAgent, to, details, files, now, until, null, null, null, now, 1));
    }

    /** The thread's entries of the last {@link BatonLimits#RESUMABLE_WINDOW}, newest first. */
    private static ResumableState resumable(CallerTransaction tx, TaskId task, Instant now) {
        Instant since = now.minus(BatonLimits.RESUMABLE_WINDOW);
        List<ResumableState.Activity> recent = new ArrayList<>();
        for (ThreadEntry entry : tx.taskPosts().timeline(task, RESUMABLE_SCAN)) {
            if (entry.ts().isBefore(since)) {
                break;
            }
            recent.add(new ResumableState.Activity(entry.id(), entry.kind().name(), entry.session(), entry.ts()));
        }
        return new ResumableState(since, recent);
    }

    @Override
    public Acceptance accept(MemoryId relay) {
        return desk.accept("relay_observation_id", relay, BatonKind.RELAY, false);
    }

    @Override
    public Baton decline(MemoryId relay, String reason) {
        return desk.decline("relay_observation_id", relay, BatonKind.RELAY, reason, false);
    }

    @Override
    public Baton get(MemoryId relay) {
        return desk.get("relay_observation_id", relay, BatonKind.RELAY);
    }

    @Override
    public List<Baton> pending(TaskId task) {
        return desk.pending(task, BatonKind.RELAY);
    }
}
