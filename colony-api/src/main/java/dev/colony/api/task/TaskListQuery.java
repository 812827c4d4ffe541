package dev.colony.api.task;

/**
 * Which threads to list: optionally only one repository root and / or one branch, newest activity
 * first.
 *
 * @param repoRoot only threads of this repository root (normalised like every repository root), or
 *     {@code null} for any
 * @param branch only threads of this branch, or {@code null} for any
 * @param limit 1 to {@value TaskLimits#MAX_LIST_LIMIT}
 */
public record TaskListQuery(String repoRoot, String branch, int limit) {

    /** The newest {@code limit} threads of every repository and branch. */
    public static TaskListQuery latest(int limit) {
        return new TaskListQuery(null, null, limit);
    }
}
