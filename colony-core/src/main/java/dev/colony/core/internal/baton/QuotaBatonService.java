package dev.colony.core.internal.baton;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.QuotaBatons;
import dev.colony.api.baton.QuotaRelease;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.Claims;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.ThreadCaller;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link QuotaBatons} for one caller: the pending claims a baton left, reached by the baton's id or
 * by one of their files. Adoption and readdressing are transitions of the shared {@link BatonDesk};
 * the release of expired claims weakens each claim by compare-and-set, so however many callers
 * release at once, each claim is weakened (and audited) once.
 */
public final class QuotaBatonService implements QuotaBatons {

    private static final int BATON_SCAN = 1_000;

    private final BatonDesk desk;
    private final ThreadCaller thread;
    private final ClaimLedger ledger;

    /** The quota-baton service acting as {@code actor}. */
    public QuotaBatonService(Actor actor, Kernel kernel) {
        this.desk = new BatonDesk(actor, kernel);
        this.thread = desk.thread();
        this.ledger = desk.ledger();
    }

    @Override
    public Acceptance accept(TaskId task, MemoryId baton, String filePath) {
        Check.required("task_id", task);
        Instant now = desk.kernel().time().now();
        return desk.write(tx -> {
            thread.enter(tx, now);
            return desk.accept(tx, resolve(tx, task, baton, filePath), false, now);
        });
    }

    @Override
    public Baton decline(TaskId task, MemoryId baton, String filePath, String reason) {
        Check.required("task_id", task);
        String why = Check.optionalBody("reason", reason, BatonLimits.MAX_ENTRY_CHARS);
        Instant now = desk.kernel().time().now();
        return desk.write(tx -> {
            thread.enter(tx, now);
            return desk.readdress(tx, resolve(tx, task, baton, filePath), why, now);
        });
    }

    @Override
    public QuotaRelease releaseExpired(TaskId task, MemoryId baton, String filePath) {
        Check.required("task_id", task);
        Instant now = desk.kernel().time().now();
        return desk.store().write(tx -> {
            thread.enter(tx, now);
            StoredTask stored = thread.task(tx, "task_id", task);
            if (baton != null) {
                onTask(desk.find(tx, "handoff_observation_id", baton, null), task);
            }
            String path = filePath == null ? null : ClaimPaths.normalise("file_path", stored.repoRoot(), filePath);
            List<String> weakened = new ArrayList<>();
            for (StoredClaim claim : tx.claims().listByTask(task, List.of(ClaimState.HANDOFF_PENDING),
                    Claims.MAX_LIST_LIMIT)) {
                boolean ranOut = claim.expiresAt() != null && !now.isBefore(claim.expiresAt());
                boolean matches = (baton == null || baton.equals(claim.baton()))
                        && (path == null || path.equals(claim.filePath()));
                if (ranOut && matches && ledger.weaken(tx, stored, claim, now)) {
                    weakened.add(claim.filePath());
                }
            }
            List<MemoryId> expired = new ArrayList<>();
            for (StoredBaton pending : tx.batons().listByTask(task, null, List.of(BatonStatus.PENDING), BATON_SCAN)) {
                boolean matches = (baton == null || baton.equals(pending.id()))
                        && (path == null || pending.files().contains(path));
                if (matches && !now.isBefore(pending.expiresAt()) && desk.expire(tx, stored, pending, now)) {
                    expired.add(pending.id());
                }
            }
            return new QuotaRelease(weakened, expired);
        });
    }

    /** The baton named by id (on this task) or by one of its pending files. */
    private StoredBaton resolve(CallerTransaction tx, TaskId task, MemoryId baton, String filePath) {
        StoredTask stored = thread.task(tx, "task_id", task);
        if (baton != null) {
            return onTask(desk.find(tx, "handoff_observation_id", baton, null), task);
        }
        if (filePath == null) {
            throw ColonyException.invalid("handoff_observation_id", "give the baton's id or a file_path it holds");
        }
        String path = ClaimPaths.normalise("file_path", stored.repoRoot(), filePath);
        StoredClaim claim = tx.claims().find(task, path)
                .filter(found -> found.state() == ClaimState.HANDOFF_PENDING && found.baton() != null)
                .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, "file_path", "no quota-pending claim on '"
                        + path + "' in task " + task));
        return desk.find(tx, "file_path", claim.baton(), null);
    }

    private static StoredBaton onTask(StoredBaton baton, TaskId task) {
        if (!baton.task().equals(task)) {
            throw ColonyException.about(ErrorCode.OBSERVATION_NOT_ON_TASK, "handoff_observation_id", "baton "
                    + baton.id() + " belongs to task " + baton.task() + ", not " + task);
        }
        return baton;
    }
}
