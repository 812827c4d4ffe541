package dev.colony.api.plan;

import dev.colony.api.TaskId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A published plan with its sub-tasks.
 *
 * @param slug its name, unique per repository
 * @param repoRoot the repository it changes
 * @param specTask the plan's own task thread (branch {@code spec/<slug>}), where its completion is recorded
 * @param title what it achieves
 * @param problem why, or {@code null}
 * @param acceptanceCriteria how to tell it is done
 * @param autoArchive whether it archives itself once every sub-task is completed
 * @param archiveGrace how long it stays open once every sub-task is completed, when it archives itself
 * @param status open or archived
 * @param createdAt when it was published
 * @param archiveDueAt when an auto-archiving plan whose sub-tasks are all completed is archived, or {@code null}
 * @param subtasks its sub-tasks, by index
 */
public record Plan(String slug, String repoRoot, TaskId specTask, String title, String problem,
        List<String> acceptanceCriteria, boolean autoArchive, Duration archiveGrace, PlanStatus status,
        Instant createdAt,
        Instant archiveDueAt, List<Subtask> subtasks) {

    /** Checks the required components and copies the lists. */
    public Plan {
        Objects.requireNonNull(slug, "slug");
        Objects.requireNonNull(repoRoot, "repoRoot");
        Objects.requireNonNull(specTask, "specTask");
        acceptanceCriteria = List.copyOf(acceptanceCriteria);
        Objects.requireNonNull(status, "status");
        subtasks = List.copyOf(subtasks);
    }

    /** How many sub-tasks are in each status (every status present, zero included). */
    public Map<SubtaskStatus, Integer> counts() {
        Map<SubtaskStatus, Integer> counts = new EnumMap<>(SubtaskStatus.class);
        for (SubtaskStatus status : SubtaskStatus.values()) {
            counts.put(status, 0);
        }
        subtasks.forEach(subtask -> counts.merge(subtask.status(), 1, Integer::sum));
        return counts;
    }

    /** The sub-tasks one may claim now: available, with every dependency completed. */
    public List<Subtask> nextAvailable() {
        List<Subtask> ready = new ArrayList<>();
        for (Subtask subtask : subtasks) {
            if (subtask.status() == SubtaskStatus.AVAILABLE && unmetDependencies(subtask.index()).isEmpty()) {
                ready.add(subtask);
            }
        }
        return ready;
    }

    /** The dependencies of sub-task {@code index} that are not completed yet. */
    public List<Integer> unmetDependencies(int index) {
        return subtasks.get(index).dependsOn().stream()
                .filter(dependency -> subtasks.get(dependency).status() != SubtaskStatus.COMPLETED).toList();
    }

    /**
     * The blocked sub-tasks that hold sub-task {@code index} back, directly or through a chain of dependencies:
     * until they are reopened and completed, it cannot start.
     */
    public List<Integer> blockedBy(int index) {
        Set<Integer> seen = new HashSet<>();
        List<Integer> blocked = new ArrayList<>();
        List<Integer> pending = new ArrayList<>(subtasks.get(index).dependsOn());
        while (!pending.isEmpty()) {
            int dependency = pending.remove(pending.size() - 1);
            if (!seen.add(dependency)) {
                continue;
            }
            Subtask upstream = subtasks.get(dependency);
            if (upstream.status() == SubtaskStatus.BLOCKED) {
                blocked.add(dependency);
            } else if (upstream.status() != SubtaskStatus.COMPLETED) {
                pending.addAll(upstream.dependsOn());
            }
        }
        return blocked.stream().sorted().toList();
    }

    /**
     * The sub-tasks not yet completed that wait on sub-task {@code index}, directly or through a chain of
     * dependencies, in index order: the work that stalls while it does.
     */
    public List<Integer> downstreamOf(int index) {
        Set<Integer> waiting = new HashSet<>();
        waiting.add(index);
        List<Integer> downstream = new ArrayList<>();
        for (Subtask subtask : subtasks) {
            if (subtask.index() > index && subtask.dependsOn().stream().anyMatch(waiting::contains)) {
                waiting.add(subtask.index());
                if (subtask.status() != SubtaskStatus.COMPLETED) {
                    downstream.add(subtask.index());
                }
            }
        }
        return downstream;
    }

    /** Whether every sub-task is completed. */
    public boolean complete() {
        return subtasks.stream().allMatch(subtask -> subtask.status() == SubtaskStatus.COMPLETED);
    }
}
