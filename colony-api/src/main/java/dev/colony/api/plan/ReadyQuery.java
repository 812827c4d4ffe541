package dev.colony.api.plan;

/**
 * What the ready queue is asked.
 *
 * @param repoRoot only sub-tasks of plans of this repository, or {@code null} for all
 * @param limit the most entries
 * @param autoClaim whether to claim the one unambiguous candidate in the same call
 * @param releaseStaleClaims whether to release sub-tasks held for over an hour by a session gone idle
 */
public record ReadyQuery(String repoRoot, int limit, boolean autoClaim, boolean releaseStaleClaims) {

    /** Every repository, {@link PlanRegistry#DEFAULT_READY_LIMIT} entries, auto-claim and stale release on. */
    public static ReadyQuery defaults() {
        return new ReadyQuery(null, PlanRegistry.DEFAULT_READY_LIMIT, true, true);
    }

    /** This query for one repository. */
    public ReadyQuery in(String newRepoRoot) {
        return new ReadyQuery(newRepoRoot, limit, autoClaim, releaseStaleClaims);
    }

    /** This query only looking: nothing claimed, nothing released. */
    public ReadyQuery browsing() {
        return new ReadyQuery(repoRoot, limit, false, false);
    }
}
