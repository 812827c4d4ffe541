package dev.colony.api.plan;

import java.util.Objects;

/**
 * One sub-task of the ready queue.
 *
 * @param planSlug its plan
 * @param repoRoot its plan's repository
 * @param subtask the sub-task
 * @param fitScore how well it fits the caller: the caller's capability weight for its kind of work, less 0.3
 *     times the share of its files other sessions hold, less 0.1 times the share of its files released in the
 *     last hour
 * @param reason why it is where it is
 * @param reasoning the same in a few words, with the numbers behind it
 */
public record ReadyEntry(String planSlug, String repoRoot, Subtask subtask, double fitScore, ReadyReason reason,
        String reasoning) {

    /** Checks the required components. */
    public ReadyEntry {
        Objects.requireNonNull(planSlug, "planSlug");
        Objects.requireNonNull(repoRoot, "repoRoot");
        Objects.requireNonNull(subtask, "subtask");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(reasoning, "reasoning");
    }

    /** Whether the caller would claim it (every entry but the one it already holds). */
    public boolean claimable() {
        return reason != ReadyReason.CONTINUE_CURRENT_TASK;
    }
}
