package dev.colony.api.attention;

import dev.colony.api.TaskId;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Which attention to gather.
 *
 * @param repoRoots only threads of these repository roots (normalised); empty for every root
 * @param tasks only these threads; empty for every readable thread
 * @param itemLimit the most items per bucket (handoffs, messages, blockers, lanes), 1 to {@link #MAX_LIMIT}
 * @param recentClaimWindow how recent another session's claim must be to be listed
 * @param recentClaimLimit the most recent claims listed, 1 to {@link #MAX_LIMIT}
 * @param heatHalfLife the half-life of file heat
 * @param heatLimit the most hot files listed, 1 to {@link #MAX_LIMIT}
 */
public record AttentionQuery(Set<String> repoRoots, Set<TaskId> tasks, int itemLimit, Duration recentClaimWindow,
        int recentClaimLimit, Duration heatHalfLife, int heatLimit) {

    /** The largest limit of any bucket. */
    public static final int MAX_LIMIT = 100;
    /** How far back blocker posts are read. */
    public static final Duration BLOCKER_WINDOW = Duration.ofHours(24);

    public AttentionQuery {
        repoRoots = Set.copyOf(Objects.requireNonNull(repoRoots, "repoRoots"));
        tasks = Set.copyOf(Objects.requireNonNull(tasks, "tasks"));
        Objects.requireNonNull(recentClaimWindow, "recentClaimWindow");
        Objects.requireNonNull(heatHalfLife, "heatHalfLife");
    }

    /** Every readable thread, 5 items per bucket, claims of the last 30 minutes, heat with a 30-minute half-life. */
    public static AttentionQuery defaults() {
        return new AttentionQuery(Set.of(), Set.of(), 5, Duration.ofMinutes(30), 10, Duration.ofMinutes(30), 5);
    }
}
