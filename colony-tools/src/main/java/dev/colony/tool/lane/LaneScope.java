package dev.colony.tool.lane;

import dev.colony.core.task.RepoRoots;
import dev.colony.core.task.ThreadScope;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The repository roots a lane or attention call names: {@code repo_root} and {@code repo_roots}
 * together, normalised, with errors naming the argument they came from.
 */
final class LaneScope {

    private LaneScope() {
    }

    /** Both arguments as one set of normalised roots; empty when neither is given. */
    static Set<String> roots(String repoRoot, List<String> repoRoots) {
        Set<String> roots = new LinkedHashSet<>();
        if (repoRoot != null) {
            roots.add(RepoRoots.normalise("repo_root", repoRoot));
        }
        roots.addAll(ThreadScope.roots("repo_roots", repoRoots));
        return roots;
    }
}
