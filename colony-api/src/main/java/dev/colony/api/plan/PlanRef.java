package dev.colony.api.plan;

import java.util.Objects;

/**
 * How a caller names a plan: its slug, and its repository when the slug alone is ambiguous.
 *
 * @param repoRoot the plan's repository, or {@code null} when only one plan the caller may read has the slug
 * @param slug the plan's slug
 */
public record PlanRef(String repoRoot, String slug) {

    /** Checks the slug. */
    public PlanRef {
        Objects.requireNonNull(slug, "slug");
    }

    /** The plan with this slug, in whichever repository. */
    public static PlanRef of(String slug) {
        return new PlanRef(null, slug);
    }
}
