package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Tasks tracked by a checklist memory (the tasks {@code memory_add} writes), and the task feed over every
 * task, tracked or thread. A tracked task is a row of the same table as a task thread, so that one model
 * serves both; its checklist memory is posted on it.
 */
public interface TrackedTaskRecords {

    /**
     * Inserts a task with no repository root or branch, with {@code status} and version 1. Must run in a
     * write transaction.
     */
    StoredTask insert(NamespaceId namespace, String title, TaskStatus status, SessionId createdBy, Instant now);

    /** Records that {@code checklist} holds the task's text and steps. Must run in a write transaction. */
    void attachChecklist(TaskId task, MemoryId checklist);

    /** The task whose checklist {@code memory} holds, if it holds one. */
    Optional<TaskId> taskOf(MemoryId memory);

    /**
     * Sets a task's title and status when its version is still {@code expectedVersion}: {@code updated_at}
     * becomes {@code now} and the version goes up by one. Must run in a write transaction.
     *
     * @return the task afterwards, or empty when the version moved on (nothing changed)
     */
    Optional<StoredTask> update(TaskId task, long expectedVersion, String title, TaskStatus status, Instant now);

    /**
     * Tasks of the namespaces given, latest {@code updated_at} first (ties: larger id first), each with its
     * checklist memory when it has one. A task whose checklist memory is retracted or expired at
     * {@code query.now()} is left out.
     */
    List<FeedRow> feed(FeedQuery query);

    /**
     * One task of the feed.
     *
     * @param task the task
     * @param checklist its checklist memory, or {@code null} for a task thread
     * @param content that memory's content, or {@code null}
     * @param topics that memory's topics (empty for a task thread)
     */
    record FeedRow(StoredTask task, MemoryId checklist, String content, List<String> topics) {

        /** Checks the task and copies the topics. */
        public FeedRow {
            Objects.requireNonNull(task, "task");
            topics = List.copyOf(topics);
        }
    }

    /**
     * What the feed holds.
     *
     * @param namespaces only tasks of these namespaces
     * @param since only tasks updated after this, or {@code null}
     * @param status only tasks with this status, or {@code null}
     * @param topic only tasks whose checklist memory has this topic, or {@code null}
     * @param now the time that decides expiry
     * @param limit the most rows
     */
    record FeedQuery(Set<NamespaceId> namespaces, Instant since, TaskStatus status, String topic, Instant now,
            int limit) {

        /** Checks and copies the components. */
        public FeedQuery {
            namespaces = Set.copyOf(namespaces);
            Objects.requireNonNull(now, "now");
        }
    }
}
