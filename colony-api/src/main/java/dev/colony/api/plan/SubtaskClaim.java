package dev.colony.api.plan;

import dev.colony.api.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * A sub-task claimed by the caller: its thread is joined and every file of its scope claimed.
 *
 * @param planSlug the plan
 * @param subtaskIndex the sub-task
 * @param task its thread
 * @param branch the thread's branch
 * @param fileScope the files now claimed by the caller's session
 */
public record SubtaskClaim(String planSlug, int subtaskIndex, TaskId task, String branch, List<String> fileScope) {

    /** Checks the required components and copies the scope. */
    public SubtaskClaim {
        Objects.requireNonNull(planSlug, "planSlug");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(branch, "branch");
        fileScope = List.copyOf(fileScope);
    }
}
