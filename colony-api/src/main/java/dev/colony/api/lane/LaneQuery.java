package dev.colony.api.lane;

import java.util.Objects;
import java.util.Set;

/**
 * Which lanes to list.
 *
 * @param repoRoots only lanes in these repository roots (normalised); empty for all
 * @param includeDead whether ended and long-silent sessions are listed too
 * @param limit the most lanes returned, 1 to {@link Lanes#MAX_LIST_LIMIT}
 */
public record LaneQuery(Set<String> repoRoots, boolean includeDead, int limit) {

    public LaneQuery {
        repoRoots = Set.copyOf(Objects.requireNonNull(repoRoots, "repoRoots"));
    }

    /** Live lanes in every repository, up to {@code limit}. */
    public static LaneQuery live(int limit) {
        return new LaneQuery(Set.of(), false, limit);
    }
}
