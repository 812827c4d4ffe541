package dev.colony.api.activity;

import dev.colony.api.TaskId;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Which file heat to compute.
 *
 * @param repoRoots only threads of these repository roots (normalised); empty for every root
 * @param tasks only these threads; empty for every readable thread
 * @param halfLife the time after which an event counts half; activity older than eight half-lives
 *     (under 0.4% of its weight) is left out
 * @param limit the most files returned, 1 to {@link FileActivity#MAX_HEAT_LIMIT}
 */
public record FileHeatQuery(Set<String> repoRoots, Set<TaskId> tasks, Duration halfLife, int limit) {

    /** The half-life used when none is given: 30 minutes. */
    public static final Duration DEFAULT_HALF_LIFE = Duration.ofMinutes(30);
    /** How many half-lives back activity is read. */
    public static final int WINDOW_HALF_LIVES = 8;

    public FileHeatQuery {
        repoRoots = Set.copyOf(Objects.requireNonNull(repoRoots, "repoRoots"));
        tasks = Set.copyOf(Objects.requireNonNull(tasks, "tasks"));
        Objects.requireNonNull(halfLife, "halfLife");
    }

    /** Every readable thread, the default half-life, the ten hottest files. */
    public static FileHeatQuery hottest(int limit) {
        return new FileHeatQuery(Set.of(), Set.of(), DEFAULT_HALF_LIFE, limit);
    }
}
