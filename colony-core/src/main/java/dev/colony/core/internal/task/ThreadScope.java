package dev.colony.core.internal.task;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.spi.storage.StorageTransaction;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The task threads an overview covers: the caller's readable threads, narrowed to some repository
 * roots and/or some threads. Overviews (attention, heat, lanes) read rows of every readable namespace
 * and keep the ones whose thread is in scope.
 */
public final class ThreadScope {

    /** The most recently updated readable threads an overview considers. */
    public static final int MAX_THREADS = 1_000;

    private final Map<TaskId, StoredTask> threads;

    private ThreadScope(Map<TaskId, StoredTask> threads) {
        this.threads = threads;
    }

    /**
     * Normalises the repository roots of a query, naming {@code field[i]} in errors.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} for a root that is not absolute
     */
    public static Set<String> roots(String field, Collection<String> repoRoots) {
        Set<String> roots = new LinkedHashSet<>();
        int i = 0;
        for (String root : repoRoots) {
            roots.add(RepoRoots.normalise(field + "[" + i++ + "]", root));
        }
        return roots;
    }

    /**
     * The scope: the readable threads of {@code roots} (all when empty), or exactly {@code tasks} when
     * some are named.
     *
     * @param roots normalised repository roots (see {@link #roots})
     * @throws ColonyException {@code NOT_FOUND} naming {@code tasksField[i]} for a named thread the
     *     caller may not read
     */
    public static ThreadScope of(StorageTransaction tx, Set<NamespaceId> readable, Set<String> roots,
            Collection<TaskId> tasks, String tasksField) {
        Map<TaskId, StoredTask> kept = new LinkedHashMap<>();
        if (!tasks.isEmpty()) {
            int i = 0;
            for (TaskId task : tasks) {
                String field = tasksField + "[" + i++ + "]";
                StoredTask found = tx.tasks().find(task).filter(t -> readable.contains(t.namespace()))
                        .orElseThrow(() -> ColonyException.about(ErrorCode.NOT_FOUND, field, "no task with id " + task));
                if (roots.isEmpty() || roots.contains(found.repoRoot())) {
                    kept.put(found.id(), found);
                }
            }
            return new ThreadScope(kept);
        }
        for (StoredTask task : tx.tasks().list(readable, null, null, MAX_THREADS)) {
            if (roots.isEmpty() || roots.contains(task.repoRoot())) {
                kept.put(task.id(), task);
            }
        }
        return new ThreadScope(kept);
    }

    /** Whether {@code task} is in scope. */
    public boolean contains(TaskId task) {
        return threads.containsKey(task);
    }

    /** The thread {@code task}, when in scope. */
    public Optional<StoredTask> thread(TaskId task) {
        return Optional.ofNullable(threads.get(task));
    }

    /** Every thread in scope, the most recently updated first. */
    public List<StoredTask> threads() {
        return new ArrayList<>(threads.values());
    }

    /** Keeps the rows whose thread is in scope. */
    public <T> List<T> keep(Collection<T> rows, Function<T, TaskId> taskOf) {
        return rows.stream().filter(row -> contains(taskOf.apply(row))).toList();
    }
}
