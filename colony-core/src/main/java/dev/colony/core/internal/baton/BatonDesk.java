package dev.colony.core.internal.baton;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.AgentTypes;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The baton state machine for one caller, shared by handoffs, relays and quota batons: find a baton
 * the caller may see, accept it (installing its files as active claims of the caller's session),
 * decline it, readdress it, and write an expired one back as expired.
 *
 * <p>Every transition is a compare-and-set on the baton's version inside the caller's transaction.
 * A transition that finds the baton past its time to live writes the expiry back and then reports
 * the expiry: for that the unit returns a {@link Step} carrying the error, which the service throws
 * only after the write-back committed.
 */
final class BatonDesk {

    /** The audit kind of an accepted baton. */
    static final MemoryKind ACCEPT = MemoryKind.of("accept");
    /** The post kind of a declined baton. */
    static final MemoryKind DECLINE = MemoryKind.of("decline");
    /** The most pending batons of one kind listed for a thread. */
    private static final int PENDING_LIMIT = 100;

    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    BatonDesk(Actor actor, Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.thread = new ThreadCaller(actor);
        this.audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    /** The store as the desk's caller reaches it. */
    CallerStore store() {
        return store;
    }

    ClaimLedger ledger() {
        return ledger;
    }

    ThreadCaller thread() {
        return thread;
    }

    AuditTrail audit() {
        return audit;
    }

    Kernel kernel() {
        return kernel;
    }

    /**
     * The outcome of a unit of work: a value, or an error to throw once the unit's writes committed.
     *
     * @param value the value, or {@code null} with an error
     * @param error the error, or {@code null}
     * @param <T> the value type
     */
    record Step<T>(T value, ColonyException error) {

        static <T> Step<T> of(T value) {
            return new Step<>(value, null);
        }

        static <T> Step<T> failed(ColonyException error) {
            return new Step<>(null, error);
        }

        T get() {
            if (error != null) {
                throw error;
            }
            return value;
        }
    }

    /**
     * Accepts, as the caller and in one transaction, the baton {@code id} of {@code kind} that the
     * request names in {@code field}: the whole of a handoff's or a relay's accept call.
     */
    Acceptance accept(String field, MemoryId id, BatonKind kind, boolean requireParticipant) {
        Instant now = kernel.time().now();
        return write(tx -> {
            thread.enter(tx, now);
            return accept(tx, find(tx, field, id, kind), requireParticipant, now);
        });
    }

    /** Declines, as the caller and in one transaction, the baton {@code id} of {@code kind} named in {@code field}. */
    Baton decline(String field, MemoryId id, BatonKind kind, String reason, boolean requireParticipant) {
        String why = Check.optionalBody("reason", reason, BatonLimits.MAX_ENTRY_CHARS);
        Instant now = kernel.time().now();
        return write(tx -> {
            thread.enter(tx, now);
            return decline(tx, find(tx, field, id, kind), why, requireParticipant, now);
        });
    }

    /** The baton {@code id} of {@code kind} named in {@code field}, as it reads now. */
    Baton get(String field, MemoryId id, BatonKind kind) {
        Instant now = kernel.time().now();
        return store.read(tx -> BatonRows.view(find(tx, field, id, kind), now));
    }

    /** The live (pending, unexpired) batons of {@code kind} on a thread the caller may read. */
    List<Baton> pending(TaskId task, BatonKind kind) {
        Check.required("task_id", task);
        Instant now = kernel.time().now();
        return store.read(tx -> {
            thread.task(tx, "task_id", task);
            return tx.batons().listByTask(task, kind, List.of(BatonStatus.PENDING), PENDING_LIMIT).stream()
                    .filter(baton -> now.isBefore(baton.expiresAt()))
                    .map(baton -> BatonRows.view(baton, now))
                    .toList();
        });
    }

    /** Runs {@code unit} in one write transaction and returns its value, or throws its error after commit. */
    <T> T write(Function<CallerTransaction, Step<T>> unit) {
        return store.write(unit::apply).get();
    }

    /**
     * The baton {@code id} of {@code kind} (any kind when null) on a thread the caller may read;
     * {@code NOT_FOUND} naming {@code field} otherwise.
     */
    StoredBaton find(CallerTransaction tx, String field, MemoryId id, BatonKind kind) {
        Check.required(field, id);
        StoredBaton baton = tx.batons().find(id)
                .filter(found -> kind == null || found.kind() == kind)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, field, "no "
                        + (kind == null ? "handoff or relay" : kind.wireName()) + " with id " + id));
        try {
            thread.task(tx, field, baton.task());
        } catch (ColonyException e) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, field, "no "
                    + (kind == null ? "handoff or relay" : kind.wireName()) + " with id " + id);
        }
        return baton;
    }

    /**
     * Accepts a pending baton for the caller's session. With {@code requireParticipant} the caller must
     * have joined the thread, otherwise it joins it.
     */
    Step<Acceptance> accept(CallerTransaction tx, StoredBaton baton, boolean requireParticipant, Instant now) {
        StoredTask task = admit(tx, baton, requireParticipant, now);
        ColonyException blocked = notPending(tx, task, baton, now);
        if (blocked != null) {
            return Step.failed(blocked);
        }
        StoredBaton accepted = transition(tx, baton, baton.resolved(BatonStatus.ACCEPTED, thread.actor().session(), now,
                null), now);
        List<String> installed = new ArrayList<>();
        for (String file : baton.files()) {
            if (ledger.install(tx, task, file, baton.id(), now)) {
                installed.add(file);
            }
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("baton_id", baton.id().value());
        metadata.put("baton_kind", baton.kind().wireName());
        metadata.put("installed_files", List.copyOf(installed));
        audit.record(tx, thread.task(tx, "task_id", task.id()), ACCEPT, "accepted " + baton.kind().wireName() + " "
                + baton.id() + (installed.isEmpty() ? "" : "; now claiming " + String.join(", ", installed)), baton.id(),
                metadata, now);
        return Step.of(new Acceptance(BatonRows.view(accepted, now), installed));
    }

    /**
     * Declines a pending baton: cancelled, its pending claims released, a {@code decline} post with
     * the reason on the thread.
     */
    Step<Baton> decline(CallerTransaction tx, StoredBaton baton, String reason, boolean requireParticipant,
            Instant now) {
        StoredTask task = admit(tx, baton, requireParticipant, now);
        ColonyException blocked = notPending(tx, task, baton, now);
        if (blocked != null) {
            return Step.failed(blocked);
        }
        StoredBaton cancelled = transition(tx, baton, baton.resolved(BatonStatus.CANCELLED, thread.actor().session(),
                now, reason), now);
        for (StoredClaim claim : tx.claims().listByBaton(baton.id())) {
            if (claim.state() == ClaimState.HANDOFF_PENDING) {
                ledger.change(tx, claim.inState(ClaimState.RELEASED, null, claim.baton()), now);
            }
        }
        declinePost(tx, task, baton, reason, false, now);
        return Step.of(BatonRows.view(cancelled, now));
    }

    /** Addresses a pending baton to any agent, leaving it pending; a {@code decline} post records why. */
    Step<Baton> readdress(CallerTransaction tx, StoredBaton baton, String reason, Instant now) {
        StoredTask task = admit(tx, baton, false, now);
        ColonyException blocked = notPending(tx, task, baton, now);
        if (blocked != null) {
            return Step.failed(blocked);
        }
        StoredBaton open = transition(tx, baton, baton.readdressed(BatonLimits.ANY_AGENT, reason), now);
        declinePost(tx, task, baton, reason, true, now);
        return Step.of(BatonRows.view(open, now));
    }

    private void declinePost(CallerTransaction tx, StoredTask task, StoredBaton baton, String reason,
            boolean readdressed, Instant now) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("baton_id", baton.id().value());
        metadata.put("baton_kind", baton.kind().wireName());
        metadata.put("readdressed_to_any", readdressed);
        String text = "declined " + baton.kind().wireName() + " " + baton.id()
                + (readdressed ? " (now open to any agent)" : "") + (reason == null ? "" : ": " + reason);
        audit.record(tx, thread.task(tx, "task_id", task.id()), DECLINE, text, baton.id(), metadata, now);
    }

    /** The caller's right to act on the baton: a readable thread, participation (or a join), the addressee. */
    private StoredTask admit(CallerTransaction tx, StoredBaton baton, boolean requireParticipant, Instant now) {
        StoredTask task = thread.task(tx, "task_id", baton.task());
        if (requireParticipant) {
            thread.requireParticipant(tx, task);
        } else {
            task = thread.join(tx, task, now);
        }
        Actor actor = thread.actor();
        if (!AgentTypes.addresses(baton.toAgent(), actor.agent())) {
            throw new ColonyException(ErrorCode.NOT_TARGET_AGENT, baton.kind().wireName() + " " + baton.id()
                    + " is addressed to agent '" + baton.toAgent() + "', not to '" + actor.agent() + "'");
        }
        return thread.task(tx, "task_id", baton.task());
    }

    /**
     * Null when the baton is pending and alive; else the error to report. A pending baton past its time
     * to live is written back as expired first (its pending claims weakened).
     */
    private ColonyException notPending(CallerTransaction tx, StoredTask task, StoredBaton baton, Instant now) {
        switch (baton.status()) {
            case ACCEPTED:
                throw new ColonyException(ErrorCode.ALREADY_ACCEPTED, baton.kind().wireName() + " " + baton.id()
                        + " was already accepted by session " + baton.resolvedBy());
            case CANCELLED:
                throw new ColonyException(ErrorCode.CONFLICT, baton.kind().wireName() + " " + baton.id()
                        + " was declined" + (baton.note() == null ? "" : ": " + baton.note()));
            case EXPIRED:
                throw expired(baton);
            default:
                break;
        }
        if (now.isBefore(baton.expiresAt())) {
            return null;
        }
        expire(tx, task, baton, now);
        return expired(baton);
    }

    /** Writes a pending baton back as expired and weakens its pending claims; false when another change won. */
    boolean expire(CallerTransaction tx, StoredTask task, StoredBaton baton, Instant now) {
        if (tx.batons().compareAndSet(baton.resolved(BatonStatus.EXPIRED, null, now, null), now).isEmpty()) {
            return false;
        }
        for (StoredClaim claim : tx.claims().listByBaton(baton.id())) {
            if (claim.state() == ClaimState.HANDOFF_PENDING) {
                ledger.weaken(tx, task, claim, now);
            }
        }
        return true;
    }

    private StoredBaton transition(CallerTransaction tx, StoredBaton current, StoredBaton next, Instant now) {
        return tx.batons().compareAndSet(next, now).orElseGet(() -> {
            StoredBaton fresh = tx.batons().find(current.id()).orElseThrow();
            if (fresh.status() == BatonStatus.ACCEPTED) {
                throw new ColonyException(ErrorCode.ALREADY_ACCEPTED, current.kind().wireName() + " " + current.id()
                        + " was already accepted by session " + fresh.resolvedBy());
            }
            throw new ColonyException(ErrorCode.CONFLICT, current.kind().wireName() + " " + current.id()
                    + " changed concurrently; try again");
        });
    }

    private static ColonyException expired(StoredBaton baton) {
        ErrorCode code = baton.kind() == BatonKind.RELAY ? ErrorCode.RELAY_EXPIRED : ErrorCode.HANDOFF_EXPIRED;
        return new ColonyException(code, baton.kind().wireName() + " " + baton.id() + " expired at "
                + baton.expiresAt() + "; ask the sender (or the thread) for a new one");
    }

    /** A list of short texts, at most {@link BatonLimits#MAX_LIST_ENTRIES}; {@code null} is empty. */
    static List<String> entries(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > BatonLimits.MAX_LIST_ENTRIES) {
            throw ColonyException.invalid(field, "must hold at most " + BatonLimits.MAX_LIST_ENTRIES + " entries, held "
                    + values.size());
        }
        List<String> checked = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            checked.add(Check.body(field + "[" + i + "]", values.get(i), BatonLimits.MAX_ENTRY_CHARS));
        }
        return checked;
    }

    /** A time to live: {@code fallback} when null, else positive and at most {@code max}. */
    static Duration ttl(Duration value, Duration fallback, Duration max) {
        if (value == null) {
            return fallback;
        }
        if (value.isNegative() || value.isZero() || value.compareTo(max) > 0) {
            throw ColonyException.invalid("expires_in_minutes", "must be between 1 and " + max.toMinutes()
                    + " minutes, was " + value.toMinutes());
        }
        return value;
    }

    /** The addressee: {@code any} when null, else a checked agent name. */
    static String addressee(String toAgent) {
        return toAgent == null ? BatonLimits.ANY_AGENT : Check.text("to_agent", toAgent, 64);
    }
}
