package dev.colony.api.lane;

import dev.colony.api.ColonyException;
import java.util.List;
import java.util.Set;

/**
 * The lanes of the sessions a caller may see. Reading lanes never writes: a lane's activity is
 * computed from stored heartbeats and edits at the moment of reading.
 */
public interface Lanes {

    /** The most lanes one call returns. */
    int MAX_LIST_LIMIT = 100;

    /** Lanes, the most recently seen first; lanes needing attention are not reordered. */
    List<Lane> list(LaneQuery query);

    /**
     * The repository roots a caller names as one root and a list of them, together and normalised as threads are
     * keyed (so {@code /a/./b/} is {@code /a/b}): what a {@link LaneQuery} or an attention query takes. Empty when
     * neither is given.
     *
     * @param repoRoot one root, or {@code null}
     * @param repoRoots more roots (may be empty)
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code repo_root}, or {@code repo_roots[i]}, for a
     *     root that is not an absolute path
     */
    Set<String> roots(String repoRoot, List<String> repoRoots);
}
