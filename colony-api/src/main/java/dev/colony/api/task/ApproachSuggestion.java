package dev.colony.api.task;

import dev.colony.api.TaskId;
import java.util.List;

/**
 * Guidance derived from past threads similar to some work: which threads, which files they claimed, what went
 * wrong there, and how long similar finished work took. Derived values and ids only, never whole posts.
 *
 * @param similarTasks the similar threads, most similar first
 * @param likelyFiles the files those threads claimed, most often first
 * @param patternsToWatch warnings and blockers posted on those threads, newest first
 * @param resolutionHints how the finished ones went, or {@code null} when none finished
 * @param insufficientDataReason why there is no guidance, or {@code null}
 */
public record ApproachSuggestion(List<SimilarTask> similarTasks, List<LikelyFile> likelyFiles,
        List<Pattern> patternsToWatch, ResolutionHints resolutionHints, String insufficientDataReason) {

    /** Similar threads when a query names no number. */
    public static final int DEFAULT_SIMILAR = 5;
    /** The most similar threads one query returns. */
    public static final int MAX_SIMILAR = 10;
    /** The longest query, in characters. */
    public static final int MAX_QUERY_CHARS = 500;

    /** Copies the lists. */
    public ApproachSuggestion {
        similarTasks = List.copyOf(similarTasks);
        likelyFiles = List.copyOf(likelyFiles);
        patternsToWatch = List.copyOf(patternsToWatch);
    }

    /**
     * A similar thread.
     *
     * @param task the thread
     * @param similarity its best match relative to the best match of all (1.0 for the most similar)
     * @param repoRoot its repository, or {@code null}
     * @param branch its branch, or {@code null}
     * @param status where it stands
     * @param observationCount posts on it
     */
    public record SimilarTask(TaskId task, double similarity, String repoRoot, String branch, TaskStatus status,
            int observationCount) {
    }

    /**
     * A file the similar threads claimed.
     *
     * @param filePath the file
     * @param appearsInCount how many of them claimed it
     * @param confidence that count over the number of similar threads
     */
    public record LikelyFile(String filePath, int appearsInCount, double confidence) {
    }

    /**
     * A warning or blocker posted on a similar thread.
     *
     * @param description its first words
     * @param seenInTask the thread
     * @param kind its kind (failed_approach, blocked_path, conflict_warning, reverted_solution or blocker)
     */
    public record Pattern(String description, TaskId seenInTask, String kind) {
    }

    /**
     * How the similar threads that are done went.
     *
     * @param medianElapsedMinutes from opening to the last change
     * @param medianHandoffCount handoffs and relays on the thread
     * @param medianSubtaskCount sub-tasks, for a plan's thread (0 otherwise)
     * @param completedSampleSize how many were done
     */
    public record ResolutionHints(long medianElapsedMinutes, long medianHandoffCount, long medianSubtaskCount,
            int completedSampleSize) {
    }
}
