package dev.colony.api.task;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One task of a feed, compact: enough to tell what it is and how far it got, with ids to read more.
 *
 * @param task the task's id (a task thread id too)
 * @param memory the memory that holds the task's text and checklist, or {@code null} for a task thread
 * @param preview the first line of the task (its title)
 * @param progress how many checklist steps are done and how many there are, or {@code null} without a checklist
 * @param status where the task stands
 * @param topics the task memory's topics (none for a task thread)
 * @param collection the slug of the collection it belongs to, or {@code null} for a personal task
 * @param updatedAt its last change
 */
public record FeedTask(TaskId task, MemoryId memory, String preview, Progress progress, TaskStatus status,
        List<String> topics, String collection, Instant updatedAt) {

    /** Checks the required components and copies the topics. */
    public FeedTask {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(preview, "preview");
        Objects.requireNonNull(status, "status");
        topics = List.copyOf(topics);
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /**
     * Checklist progress.
     *
     * @param done the steps checked off
     * @param total all steps
     */
    public record Progress(int done, int total) {
    }
}
