package dev.colony.core.internal.baton;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonLimits;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.baton.Handoffs;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.memory.MemoryKind;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.core.internal.claim.ClaimPaths;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link Handoffs} for one caller. Sending writes the {@code handoff} memory (whose id names the
 * handoff), the baton row, and releases the sender's claims on the handed-off files, in one
 * transaction; accepting and declining are transitions of the shared {@link BatonDesk}.
 */
public final class HandoffService implements Handoffs {

    /** The audit kind that announces a handoff. */
    static final MemoryKind HANDOFF = MemoryKind.of("handoff");

    private final BatonDesk desk;
    private final ThreadCaller thread;
    private final AuditTrail audit;
    private final ClaimLedger ledger;

    /** The handoff service acting as {@code actor}. */
    public HandoffService(Actor actor, Kernel kernel) {
        this.desk = new BatonDesk(actor, kernel);
        this.thread = desk.thread();
        this.audit = desk.audit();
        this.ledger = desk.ledger();
    }

    @Override
    public Baton handOff(HandoffRequest request) {
        Check.required("request", request);
        TaskId taskId = Check.required("task_id", request.task());
        String to = BatonDesk.addressee(request.toAgent());
        String summary = Check.body("summary", request.summary(), BatonLimits.MAX_SUMMARY_CHARS);
        List<String> nextSteps = BatonDesk.entries("next_steps", request.nextSteps());
        List<String> blockers = BatonDesk.entries("blockers", request.blockers());
        List<String> rawFiles = request.transferredFiles() == null ? List.of() : request.transferredFiles();
        if (rawFiles.size() > BatonLimits.MAX_LIST_ENTRIES) {
            throw ColonyException.invalid("transferred_files", "must hold at most " + BatonLimits.MAX_LIST_ENTRIES
                    + " files, held " + rawFiles.size());
        }
        Duration ttl = BatonDesk.ttl(request.expiresIn(), BatonLimits.HANDOFF_DEFAULT_TTL, BatonLimits.HANDOFF_MAX_TTL);
        String content = "handoff to " + to + ": " + summary;
        StoredVector vector = desk.kernel().embed(content);
        Instant now = desk.kernel().time().now();
        return desk.write(tx -> {
            thread.enter(tx, now);
            StoredTask task = thread.task(tx, "task_id", taskId);
            thread.requireParticipant(tx, task);
            Set<String> files = new LinkedHashSet<>();
            for (int i = 0; i < rawFiles.size(); i++) {
                files.add(ClaimPaths.normalise("transferred_files[" + i + "]", task.repoRoot(), rawFiles.get(i)));
            }
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("to_agent", to);
            metadata.put("transferred_files", List.copyOf(files));
            MemoryId id = audit.record(tx, task, HANDOFF, content, null, metadata, now, vector);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("summary", summary);
            details.put("next_steps", nextSteps);
            details.put("blockers", blockers);
            StoredBaton stored = tx.batons().insert(new StoredBaton(id, BatonKind.HANDOFF, taskId, BatonStatus.PENDING,
                    thread.actor().session(), thread.actor().agent(), to, details, new ArrayList<>(files), now,
                    now.plus(ttl), null, null, null, now, 1));
            for (String file : files) {
                Optional<StoredClaim> mine = tx.claims().find(taskId, file)
                        .filter(claim -> claim.session().equals(thread.actor().session())
                                && claim.state() == ClaimState.ACTIVE);
                if (mine.isPresent()) {
                    ledger.change(tx, mine.get().inState(ClaimState.RELEASED, null, id), now);
                }
            }
            return BatonDesk.Step.of(BatonRows.view(stored, now));
        });
    }

    @Override
    public Acceptance accept(MemoryId handoff) {
        return desk.accept("handoff_observation_id", handoff, BatonKind.HANDOFF, true);
    }

    @Override
    public Baton decline(MemoryId handoff, String reason) {
        return desk.decline("handoff_observation_id", handoff, BatonKind.HANDOFF, reason, true);
    }

    @Override
    public Baton get(MemoryId handoff) {
        return desk.get("handoff_observation_id", handoff, BatonKind.HANDOFF);
    }

    @Override
    public List<Baton> pending(TaskId task) {
        return desk.pending(task, BatonKind.HANDOFF);
    }
}
