package dev.colony.api.claim;

import dev.colony.api.ColonyException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules a Colony applies to file claims, set once when it is built.
 *
 * @param staleAfter a claim this old is stale: still shown, no longer ownership
 * @param expiredAfter a claim this old is expired: written back as weak when next touched
 * @param ownerIdleAfter an owner session not seen for this long counts as inactive, so its fresh
 *     claim may be superseded by another agent
 * @param protectedBranches branches on which claims are refused (compared case-insensitively); empty
 *     turns the protection off
 */
public record ClaimPolicy(Duration staleAfter, Duration expiredAfter, Duration ownerIdleAfter,
        Set<String> protectedBranches) {

    /** The branches protected by default. */
    public static final Set<String> DEFAULT_PROTECTED_BRANCHES =
            Set.of("main", "master", "dev", "develop", "production", "release");

    /** Fresh below 240 minutes, expired from 480, owners idle after 30 minutes, the default branches protected. */
    public static final ClaimPolicy DEFAULT = new ClaimPolicy(Duration.ofMinutes(240), Duration.ofMinutes(480),
            Duration.ofMinutes(30), DEFAULT_PROTECTED_BRANCHES);

    /** Checks that the thresholds are positive and ordered, and lower-cases the branch names. */
    public ClaimPolicy {
        Objects.requireNonNull(staleAfter, "staleAfter");
        Objects.requireNonNull(expiredAfter, "expiredAfter");
        Objects.requireNonNull(ownerIdleAfter, "ownerIdleAfter");
        Objects.requireNonNull(protectedBranches, "protectedBranches");
        if (staleAfter.isNegative() || staleAfter.isZero()) {
            throw ColonyException.invalid("stale_after", "must be positive");
        }
        if (expiredAfter.compareTo(staleAfter) <= 0) {
            throw ColonyException.invalid("expired_after", "must be longer than stale_after");
        }
        if (ownerIdleAfter.isNegative() || ownerIdleAfter.isZero()) {
            throw ColonyException.invalid("owner_idle_after", "must be positive");
        }
        TreeSet<String> lower = new TreeSet<>();
        for (String branch : protectedBranches) {
            lower.add(Objects.requireNonNull(branch, "branch").toLowerCase(Locale.ROOT));
        }
        protectedBranches = Set.copyOf(lower);
    }

    /** This policy with other age thresholds. */
    public ClaimPolicy withAges(Duration stale, Duration expired) {
        return new ClaimPolicy(stale, expired, ownerIdleAfter, protectedBranches);
    }

    /** This policy with another set of protected branches; an empty set allows claims on every branch. */
    public ClaimPolicy withProtectedBranches(Set<String> branches) {
        return new ClaimPolicy(staleAfter, expiredAfter, ownerIdleAfter, branches);
    }

    /** This policy with another idle threshold for owner sessions. */
    public ClaimPolicy withOwnerIdleAfter(Duration idle) {
        return new ClaimPolicy(staleAfter, expiredAfter, idle, protectedBranches);
    }

    /** The age class of a claim made {@code age} ago. */
    public ClaimAge ageOf(Duration age) {
        if (age.compareTo(expiredAfter) >= 0) {
            return ClaimAge.EXPIRED;
        }
        return age.compareTo(staleAfter) >= 0 ? ClaimAge.STALE : ClaimAge.FRESH;
    }

    /** Whether claims on {@code branch} are refused. */
    public boolean protects(String branch) {
        return branch != null && protectedBranches.contains(branch.toLowerCase(Locale.ROOT));
    }
}
