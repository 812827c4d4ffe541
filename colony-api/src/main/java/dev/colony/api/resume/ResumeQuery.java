package dev.colony.api.resume;

/**
 * What a resume view covers.
 *
 * @param repoRoot only lanes and ready work of this repository, or {@code null} for all
 * @param branch the caller's branch, to choose among its lanes, or {@code null}
 * @param readyLimit the most ready sub-tasks to list
 */
public record ResumeQuery(String repoRoot, String branch, int readyLimit) {
}
