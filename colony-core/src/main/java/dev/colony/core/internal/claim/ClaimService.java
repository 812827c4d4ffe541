package dev.colony.core.internal.claim;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimResult;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.Claims;
import dev.colony.api.claim.FileClaim;
import dev.colony.core.internal.access.Access;
import dev.colony.core.internal.access.CallerStore;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.AuditTrail;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Claims} for one caller: a caller plus the Colony's kernel. Reads ask the {@link Access} gate
 * for the readable namespaces; a claim is one write transaction (own session, readable thread, join,
 * guard, compare-and-set, audit memory, heartbeat) with the time read once from the kernel's clock.
 */
public final class ClaimService implements Claims {

    private static final Set<ClaimState> LISTED =
            Set.of(ClaimState.ACTIVE, ClaimState.HANDOFF_PENDING, ClaimState.WEAK_EXPIRED);

    private final Kernel kernel;
    private final CallerStore store;
    private final ThreadCaller thread;
    private final ClaimLedger ledger;

    /** The claim service acting as {@code actor}. */
    public ClaimService(Actor actor, Kernel kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.store = kernel.store(actor.user());
        this.thread = new ThreadCaller(actor);
        AuditTrail audit = new AuditTrail(thread);
        this.ledger = new ClaimLedger(thread, audit, kernel);
    }

    @Override
    public ClaimResult claim(TaskId task, String filePath, String note) {
        Check.required("task_id", task);
        String cleanNote = note == null ? null : Check.text("note", note, MAX_NOTE_CHARS);
        Instant now = kernel.time().now();
        return store.write(tx -> {
            thread.enter(tx, now);
            StoredTask stored = thread.task(tx, "task_id", task);
            String path = ClaimPaths.normalise("file_path", stored.repoRoot(), filePath);
            return ledger.claim(tx, thread.join(tx, stored, now), path, cleanNote, now);
        });
    }

    @Override
    public List<FileClaim> list(TaskId task, int limit) {
        Check.range("limit", limit, 1, MAX_LIST_LIMIT);
        Instant now = kernel.time().now();
        return store.read(tx -> list(tx, task, limit, now));
    }

    /** {@link #list(TaskId, int)} as read in {@code tx} at {@code now}, for read models that compose it with others. */
    public List<FileClaim> list(CallerTransaction tx, TaskId task, int limit, Instant now) {
        if (task != null) {
            thread.task(tx, "task_id", task);
            return tx.claims().listByTask(task, LISTED, limit).stream().map(c -> ledger.view(c, now)).toList();
        }
        Set<NamespaceId> readable = tx.readable();
        return tx.claims().listByNamespaces(readable, LISTED, limit).stream().map(c -> ledger.view(c, now))
                .toList();
    }
}
