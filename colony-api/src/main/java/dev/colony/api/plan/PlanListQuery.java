package dev.colony.api.plan;

/**
 * Which plans to list.
 *
 * @param repoRoot only plans of this repository, or {@code null} for all
 * @param onlyWithAvailable only plans with a sub-task one may claim now
 * @param capabilityMatch only plans with a claimable sub-task of this capability hint, or {@code null}
 * @param includeArchived whether archived plans are listed too
 * @param limit the most plans, newest first
 */
public record PlanListQuery(String repoRoot, boolean onlyWithAvailable, String capabilityMatch,
        boolean includeArchived, int limit) {

    /** The open plans of every repository, at most {@link PlanRegistry#DEFAULT_LIST_LIMIT}. */
    public static PlanListQuery open() {
        return new PlanListQuery(null, false, null, false, PlanRegistry.DEFAULT_LIST_LIMIT);
    }

    /** This query, limited to one repository. */
    public PlanListQuery in(String newRepoRoot) {
        return new PlanListQuery(newRepoRoot, onlyWithAvailable, capabilityMatch, includeArchived, limit);
    }

    /** This query, limited to plans with claimable work (of {@code capability}, when given). */
    public PlanListQuery withAvailable(String capability) {
        return new PlanListQuery(repoRoot, true, capability, includeArchived, limit);
    }

    /** This query, archived plans included. */
    public PlanListQuery withArchived() {
        return new PlanListQuery(repoRoot, onlyWithAvailable, capabilityMatch, true, limit);
    }

    /** This query with another limit. */
    public PlanListQuery withLimit(int newLimit) {
        return new PlanListQuery(repoRoot, onlyWithAvailable, capabilityMatch, includeArchived, newLimit);
    }
}
