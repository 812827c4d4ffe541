package dev.colony.core.internal.plan;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimAge;
import dev.colony.api.claim.ClaimState;
import dev.colony.core.internal.claim.ClaimLedger;
import dev.colony.spi.storage.ClaimRecords.StoredClaim;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who holds which file of which repository, as plan validation and the ready queue need it: the claims of the
 * namespaces a caller may read that another session holds fresh and live now, and the files released lately.
 * Read once per call, from the newest {@value #CLAIMS_READ} claims.
 */
final class ClaimedFiles {

    /** The claims read. */
    static final int CLAIMS_READ = 1_000;

    private final Map<String, List<StoredClaim>> heldByOthers;
    private final Set<String> releasedSince;

    private ClaimedFiles(Map<String, List<StoredClaim>> heldByOthers, Set<String> releasedSince) {
        this.heldByOthers = heldByOthers;
        this.releasedSince = releasedSince;
    }

    /**
     * Reads the picture for {@code caller}: claims held by other sessions (fresh, not weakened), and the files
     * whose claims were released after {@code releasedAfter} (none when it is {@code null}).
     */
    static ClaimedFiles read(StorageTransaction tx, Set<NamespaceId> readable, ClaimLedger ledger, SessionId caller,
            Instant now, Instant releasedAfter) {
        List<ClaimState> states = releasedAfter == null ? List.of(ClaimState.ACTIVE, ClaimState.HANDOFF_PENDING)
                : List.of(ClaimState.ACTIVE, ClaimState.HANDOFF_PENDING, ClaimState.RELEASED);
        Map<TaskId, Optional<StoredTask>> threads = new HashMap<>();
        Map<String, List<StoredClaim>> held = new HashMap<>();
        Set<String> released = new HashSet<>();
        for (StoredClaim claim : tx.claims().listByNamespaces(readable, states, CLAIMS_READ)) {
            Optional<StoredTask> thread = threads.computeIfAbsent(claim.task(), id -> tx.tasks().find(id));
            if (thread.isEmpty() || thread.get().repoRoot() == null) {
                continue;
            }
            String key = key(thread.get().repoRoot(), claim.filePath());
            if (claim.state() == ClaimState.RELEASED) {
                if (claim.updatedAt().isAfter(releasedAfter)) {
                    released.add(key);
                }
            } else if (!claim.session().equals(caller) && ledger.effectiveState(claim, now) != ClaimState.WEAK_EXPIRED
                    && ledger.ageOf(claim, now) == ClaimAge.FRESH) {
                held.computeIfAbsent(key, k -> new ArrayList<>()).add(claim);
            }
        }
        return new ClaimedFiles(held, released);
    }

    /** The claims other sessions hold on {@code file} of {@code repoRoot}. */
    List<StoredClaim> heldByOthers(String repoRoot, String file) {
        return heldByOthers.getOrDefault(key(repoRoot, file), List.of());
    }

    /** Whether a claim on {@code file} of {@code repoRoot} was released lately. */
    boolean releasedLately(String repoRoot, String file) {
        return releasedSince.contains(key(repoRoot, file));
    }

    private static String key(String repoRoot, String file) {
        return repoRoot + "\n" + file;
    }
}
