package dev.colony.api.plan;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.util.Objects;

/**
 * The plan sub-task that carries out a row of a repository's {@code SPEC.md}: what a publisher checks before
 * planning the row again.
 *
 * @param planSlug the plan's slug
 * @param subtaskIndex the sub-task's index in the plan
 * @param task the sub-task's thread
 * @param branch the sub-task's branch
 * @param specRowId the row, e.g. {@code T5}
 * @param status where the sub-task stands
 * @param claimedBy the session working on it (or that completed it), or {@code null}
 * @param claimedByAgent that session's agent, or {@code null}
 */
public record SpecRowBinding(String planSlug, int subtaskIndex, TaskId task, String branch, String specRowId,
        SubtaskStatus status, SessionId claimedBy, String claimedByAgent) {

    /** Checks the required components. */
    public SpecRowBinding {
        Objects.requireNonNull(planSlug, "planSlug");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(specRowId, "specRowId");
        Objects.requireNonNull(status, "status");
    }
}
