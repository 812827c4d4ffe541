package dev.colony.api.plan;

import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A sub-task of a published plan, as it stands.
 *
 * @param index its index in the plan, from 0
 * @param title what it achieves
 * @param description how, or {@code null}
 * @param fileScope the files it changes
 * @param dependsOn the sub-tasks it waits for
 * @param capabilityHint the kind of work, or {@code null}
 * @param wave its wave, from 0: it may start once the waves before it are done
 * @param finalizer whether it is closing work
 * @param task its task thread
 * @param branch its thread's branch, {@code spec/<slug>/sub-<index>}
 * @param status where it stands
 * @param claimedBy the session working on it (or that completed it), or {@code null}
 * @param claimedByAgent that session's agent, or {@code null}
 * @param claimedAt when it was claimed, or {@code null}
 * @param completedAt when it was completed, or {@code null}
 * @param summary what its completer reported, or {@code null}
 * @param blockedReason why it is blocked, or {@code null}
 * @param updatedAt its last change
 * @param version its version, raised by every change
 * @param specRowId the spec row it carries out, or {@code null}
 */
public record Subtask(int index, String title, String description, List<String> fileScope, List<Integer> dependsOn,
        String capabilityHint, int wave, boolean finalizer, TaskId task, String branch, SubtaskStatus status,
        SessionId claimedBy, String claimedByAgent, Instant claimedAt, Instant completedAt, String summary,
        String blockedReason, Instant updatedAt, long version, String specRowId) {

    /** Checks the required components and copies the lists. */
    public Subtask {
        Objects.requireNonNull(title, "title");
        fileScope = List.copyOf(fileScope);
        dependsOn = List.copyOf(dependsOn);
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }
}
