package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * Where a repository's spec files ({@code openspec/changes/<slug>/}, its archive) and the Colony's plans of the same
 * slugs disagree: ticked checkboxes of sub-tasks still open, completed sub-tasks whose checkbox is open, open
 * checkboxes that went stale or match no plan, completed work of a change without a pull request link, and changes
 * left open after their plan is done. Each drift carries its repair.
 *
 * @param repoRoot the repository, as given
 * @param changes how many open changes were read
 * @param driftCount how many drifts there are in all
 * @param drift the drifts, most pressing first, at most the limit asked for
 */
public record SpecSyncReport(String repoRoot, int changes, int driftCount, List<SpecDrift> drift) {

    /** Checks the components and copies the list. */
    public SpecSyncReport {
        Objects.requireNonNull(repoRoot, "repoRoot");
        drift = List.copyOf(drift);
    }
}
