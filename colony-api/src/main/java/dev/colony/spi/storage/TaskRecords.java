package dev.colony.spi.storage;

import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import java.time.Instant;
import java.util.Optional;

/** Reads and writes tasks (the minimal set memory posting needs; coordination extends it). */
public interface TaskRecords {

    /**
     * Inserts a task with status {@code pending} and version 1.
     *
     * @param repoRoot repository root or {@code null}
     * @param branch branch or {@code null}; (namespace, repo root, branch) is unique when both are set
     * @throws dev.colony.api.ColonyException {@code DUPLICATE} when a task of the namespace already has
     *     that repo root and branch
     */
    StoredTask insert(NamespaceId namespace, String title, String repoRoot, String branch, Instant now);

    /** The task with this id. */
    Optional<StoredTask> find(TaskId id);

    /**
     * A task as stored.
     *
     * @param id id
     * @param namespace namespace
     * @param title title
     * @param repoRoot repository root or {@code null}
     * @param branch branch or {@code null}
     * @param status status
     * @param updatedAt last change
     * @param version compare-and-set version, starting at 1
     */
    record StoredTask(
            TaskId id,
            NamespaceId namespace,
            String title,
            String repoRoot,
            String branch,
            TaskStatus status,
            Instant updatedAt,
            long version) {
    }
}
