package dev.colony.api.task;

import dev.colony.api.TaskId;

/**
 * What to find proven approaches for.
 *
 * @param query the work about to start, in words (feature names, files, errors)
 * @param repoRoot only threads of this repository (absolute path), or {@code null} for all
 * @param currentTask the caller's own thread, left out of the answer, or {@code null}
 * @param limit the most similar threads, 1 to {@link ApproachSuggestion#MAX_SIMILAR}
 */
public record ApproachQuery(String query, String repoRoot, TaskId currentTask, int limit) {

    /** A query of {@code text} over every repository, {@link ApproachSuggestion#DEFAULT_SIMILAR} threads. */
    public static ApproachQuery of(String text) {
        return new ApproachQuery(text, null, null, ApproachSuggestion.DEFAULT_SIMILAR);
    }
}
