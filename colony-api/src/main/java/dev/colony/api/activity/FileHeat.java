package dev.colony.api.activity;

import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * How much activity a file saw recently, decayed to now.
 *
 * @param task the task thread of the activity
 * @param repoRoot the thread's repository root, or {@code null} for a thread without one
 * @param branch the thread's branch, or {@code null}
 * @param filePath the file, relative to the repository root
 * @param heat the sum of {@code 0.5^(age / halfLife)} over the file's edits and claims in the window
 * @param events how many edits and claims contributed
 * @param lastActivity the newest of them
 */
public record FileHeat(TaskId task, String repoRoot, String branch, String filePath, double heat, int events,
        Instant lastActivity) {

    public FileHeat {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(filePath, "filePath");
        Objects.requireNonNull(lastActivity, "lastActivity");
    }
}
