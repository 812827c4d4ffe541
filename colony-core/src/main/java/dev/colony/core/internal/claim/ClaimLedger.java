package dev.colony.core.internal.claim;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.claim.ClaimAge;
import dev.colony.api.claim.ClaimOutcome;
import dev.colony.api.claim.ClaimPolicy;
import dev.colony.api.claim.ClaimResult;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.AgentTypes;
import dev.colony.api.session.Session;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The transaction-level rules of file claims for one caller, shared by claims, batons and plans: the guard that
 * decides who takes a file, the effective state and age of a claim, and the audit memory each change leaves on the
 * thread's timeline (through the caller's {@link AuditTrail}; the thread itself is the {@link ThreadCaller}'s).
 *
 * <p>Every method runs inside a transaction the caller of this class opened; every claim change is a
 * compare-and-set on the row's version, so a change made by another transaction since the row was
 * read makes the unit fail with {@code CONFLICT} instead of overwriting it.
 */
public final class ClaimLedger {

    /** The audit kind of a claim. */
    public static final MemoryKind CLAIM = MemoryKind.of("claim");
    /** The audit kind of a pending claim that ran out and stopped being ownership. */
    public static final MemoryKind CLAIM_WEAKENED = MemoryKind.of("claim-weakened");

    private final Actor actor;
    private final AuditTrail audit;
    private final ClaimPolicy policy;

    /** The ledger of {@code caller}, leaving its records on {@code audit}. */
    public ClaimLedger(ThreadCaller caller, AuditTrail audit, Kernel kernel) {
        this.actor = Objects.requireNonNull(caller, "caller").actor();
        this.audit = Objects.requireNonNull(audit, "audit");
        this.policy = Objects.requireNonNull(kernel, "kernel").claimPolicy();
    }

    /**
     * Claims {@code path} (already normalised) for the caller's session: the guard, the row change and
     * the {@code claim} audit memory.
     */
    public ClaimResult claim(CallerTransaction tx, StoredTask task, String path, String note, Instant now) {
        if (policy.protects(task.branch())) {
            throw ColonyException.about(ErrorCode.PROTECTED_BRANCH_CLAIM_REJECTED, "task_id", "claims on branch '"
                    + task.branch() + "' are refused; work on a feature branch");
        }
        Optional<StoredClaim> existing = tx.claims().find(task.id(), path);
        StoredClaim claimed;
        ClaimOutcome outcome;
        StoredClaim previous = existing.orElse(null);
        if (previous == null) {
            claimed = tx.claims().insert(task.id(), path, actor.session(), actor.agent(), ClaimState.ACTIVE, now, null,
                    null, now);
            outcome = ClaimOutcome.CLAIMED;
        } else {
            outcome = guard(tx, previous, now);
            claimed = change(tx, previous.ownedBy(actor.session(), actor.agent(), ClaimState.ACTIVE, now), now);
        }
        boolean tookOver = previous != null && !previous.session().equals(actor.session())
                && outcome != ClaimOutcome.CLAIMED;
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("file_path", path);
        metadata.put("outcome", outcome.wireName());
        if (tookOver) {
            metadata.put("previous_session_id", previous.session().value());
        }
        String content = "claim " + path + (note == null ? "" : ": " + note);
        MemoryId observation = audit.record(tx, task, CLAIM, content, null, metadata, now);
        return new ClaimResult(observation, outcome, view(claimed, now), tookOver ? previous.session() : null);
    }

    /** Who may take a file another row already names; throws when the caller may not. */
    private ClaimOutcome guard(CallerTransaction tx, StoredClaim current, Instant now) {
        ClaimState state = effectiveState(current, now);
        boolean mine = current.session().equals(actor.session());
        if (mine) {
            return state == ClaimState.ACTIVE || state == ClaimState.HANDOFF_PENDING
                    ? ClaimOutcome.REFRESHED_SAME_SESSION : ClaimOutcome.CLAIMED;
        }
        switch (state) {
            case RELEASED:
                return ClaimOutcome.CLAIMED;
            case WEAK_EXPIRED:
                return ClaimOutcome.SUPERSEDED_INACTIVE_OWNER;
            case HANDOFF_PENDING:
                throw held(current, "waits for baton " + current.baton() + " until " + current.expiresAt()
                        + "; accept that baton to take it");
            default:
                break;
        }
        if (ageOf(current, now) != ClaimAge.FRESH || !ownerActive(tx, current, now)) {
            return ClaimOutcome.SUPERSEDED_INACTIVE_OWNER;
        }
        if (AgentTypes.of(current.agent()).equals(AgentTypes.of(actor.agent()))) {
            return ClaimOutcome.REFRESHED_SAME_LANE;
        }
        throw held(current, "is claimed by the active session " + current.session() + " (agent " + current.agent()
                + ") since " + current.claimedAt() + "; coordinate with it or wait for a handoff");
    }

    private boolean ownerActive(CallerTransaction tx, StoredClaim claim, Instant now) {
        Optional<Session> owner = tx.sessions().find(claim.session());
        return owner.isPresent() && !owner.get().ended()
                && Duration.between(owner.get().lastSeen(), now).compareTo(policy.ownerIdleAfter()) < 0;
    }

    private static ColonyException held(StoredClaim claim, String problem) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("file_path", claim.filePath());
        details.put("owner_session_id", claim.session().value());
        details.put("owner_agent", claim.agent());
        details.put("state", claim.state().wireName());
        details.put("claimed_at", claim.claimedAt().toEpochMilli());
        return ColonyException.withDetails(ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER, "file_path: '" + claim.filePath()
                + "' " + problem, details);
    }

    /** Writes {@code next} over its row by compare-and-set; {@code CONFLICT} when the row moved on. */
    public StoredClaim change(CallerTransaction tx, StoredClaim next, Instant now) {
        return tx.claims().compareAndSet(next, now).orElseThrow(() -> new ColonyException(ErrorCode.CONFLICT,
                "the claim on '" + next.filePath() + "' changed concurrently; try again"));
    }

    /**
     * Weakens a claim whose baton ran out, with one {@code claim-weakened} audit memory. A row that
     * another transaction weakened first is left alone: the compare-and-set decides, so the memory is
     * written once per claim however many callers race.
     *
     * @return whether this call weakened it
     */
    public boolean weaken(CallerTransaction tx, StoredTask task, StoredClaim claim, Instant now) {
        Optional<StoredClaim> weakened = tx.claims().compareAndSet(
                claim.inState(ClaimState.WEAK_EXPIRED, claim.expiresAt(), claim.baton()), now);
        if (weakened.isEmpty()) {
            return false;
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("file_path", claim.filePath());
        metadata.put("owner_session_id", claim.session().value());
        if (claim.baton() != null) {
            metadata.put("baton_id", claim.baton().value());
        }
        audit.record(tx, task, CLAIM_WEAKENED, "claim on " + claim.filePath() + " weakened: its baton expired", claim.baton(),
                metadata, now);
        return true;
    }

    /**
     * Makes {@code path} an active claim of the caller's session on behalf of {@code baton}, unless
     * another session owns it now (a fresh active claim that is not the baton sender's).
     *
     * @return whether the claim was installed
     */
    public boolean install(CallerTransaction tx, StoredTask task, String path, MemoryId baton,
            Instant now) {
        Optional<StoredClaim> existing = tx.claims().find(task.id(), path);
        if (existing.isEmpty()) {
            tx.claims().insert(task.id(), path, actor.session(), actor.agent(), ClaimState.ACTIVE, now, null, baton, now);
            return true;
        }
        StoredClaim current = existing.get();
        boolean waitsForBaton = baton.equals(current.baton()) && current.state() == ClaimState.HANDOFF_PENDING;
        if (!waitsForBaton && view(current, now).owning() && !current.session().equals(actor.session())) {
            return false;
        }
        StoredClaim next = current.ownedBy(actor.session(), actor.agent(), ClaimState.ACTIVE, now);
        change(tx, new StoredClaim(next.id(), next.task(), next.filePath(), next.session(), next.agent(), next.state(),
                next.claimedAt(), null, baton, next.updatedAt(), next.version()), now);
        return true;
    }

    /** The state a claim is in now: pending claims whose baton ran out and aged-out claims read as weak. */
    public ClaimState effectiveState(StoredClaim claim, Instant now) {
        if (claim.state() == ClaimState.HANDOFF_PENDING && claim.expiresAt() != null
                && !now.isBefore(claim.expiresAt())) {
            return ClaimState.WEAK_EXPIRED;
        }
        if (claim.state() == ClaimState.ACTIVE && ageOf(claim, now) == ClaimAge.EXPIRED) {
            return ClaimState.WEAK_EXPIRED;
        }
        return claim.state();
    }

    /** The age class of a claim now. */
    public ClaimAge ageOf(StoredClaim claim, Instant now) {
        Duration age = Duration.between(claim.claimedAt(), now);
        return policy.ageOf(age.isNegative() ? Duration.ZERO : age);
    }

    /** A claim as the API shows it, read now. */
    public FileClaim view(StoredClaim claim, Instant now) {
        return new FileClaim(claim.task(), claim.filePath(), claim.session(), claim.agent(), effectiveState(claim, now),
                ageOf(claim, now), claim.claimedAt(), claim.expiresAt(), claim.baton(), claim.version());
    }
}
