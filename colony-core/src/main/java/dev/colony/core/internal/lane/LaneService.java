package dev.colony.core.internal.lane;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.lane.Lanes;
import dev.colony.core.internal.access.CallerTransaction;
import dev.colony.core.internal.activity.FileActivityService;
import dev.colony.core.internal.kernel.Check;
import dev.colony.core.internal.kernel.Kernel;
import dev.colony.core.internal.task.RepoRoots;
import dev.colony.core.internal.task.ThreadScope;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** {@link Lanes} for one caller: one read transaction over the sessions the access gate lets it see. */
public final class LaneService implements Lanes {

    private final Actor actor;
    private final Kernel kernel;
    private final LaneReader reader;

    /** The lane service acting as {@code actor}. */
    public LaneService(Actor actor, Kernel kernel) {
        this.actor = Objects.requireNonNull(actor, "actor");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.reader = new LaneReader(actor, kernel);
    }

    @Override
    public List<Lane> list(LaneQuery query) {
        Check.required("query", query);
        Check.range("limit", query.limit(), 1, MAX_LIST_LIMIT);
        Set<String> roots = ThreadScope.roots("repo_roots", query.repoRoots());
        Instant now = kernel.time().now();
        return kernel.store(actor.user()).read(tx -> list(tx, roots, query.includeDead(), query.limit(), now));
    }

    @Override
    public Set<String> roots(String repoRoot, List<String> repoRoots) {
        Set<String> roots = new LinkedHashSet<>();
        if (repoRoot != null) {
            roots.add(RepoRoots.normalise("repo_root", repoRoot));
        }
        roots.addAll(ThreadScope.roots("repo_roots", repoRoots));
        return roots;
    }

    /**
     * The lanes as read in {@code tx}, for read models that compose them with other reads.
     *
     * @param roots normalised repository roots; empty for all
     */
    public List<Lane> list(CallerTransaction tx, Set<String> roots, boolean includeDead, int limit, Instant now) {
        Set<NamespaceId> readable = tx.readable();
        return reader.lanes(tx, reader.visibleSessions(tx), roots,
                tx.fileEdits().since(readable, now.minus(LaneReader.EDIT_WINDOW), FileActivityService.MAX_EVENTS),
                tx.claims().listByNamespaces(readable, FileActivityService.HELD, FileActivityService.MAX_EVENTS),
                now, includeDead, limit);
    }
}
