package dev.colony.api.task;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * One task thread as a caller sees it: the task that sessions working on the same repository root and
 * branch share.
 *
 * @param id the task id
 * @param title a short title; a thread opened by repository root and branch is titled with its branch
 * @param repoRoot the normalised repository root, or {@code null} for a task without one
 * @param branch the branch, or {@code null} for a task without one
 * @param status where the task stands
 * @param createdBy the session that opened the thread, or {@code null} when not recorded
 * @param createdAt when the thread was opened
 * @param updatedAt the last change: a join, a post, a link
 * @param version the compare-and-set version; every change raises it by one
 */
public record TaskThread(
        TaskId id,
        String title,
        String repoRoot,
        String branch,
        TaskStatus status,
        SessionId createdBy,
        Instant createdAt,
        Instant updatedAt,
        long version) {

    /** Checks the required components. */
    public TaskThread {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }
}
