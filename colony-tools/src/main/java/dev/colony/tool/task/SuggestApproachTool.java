package dev.colony.tool.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.TaskId;
import dev.colony.api.task.ApproachQuery;
import dev.colony.api.task.ApproachSuggestion;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_suggest_approach}: guidance from past threads similar to the work about to start. */
public final class SuggestApproachTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The work about to start: features, files, errors.", required = true)
            @Size(max = ApproachSuggestion.MAX_QUERY_CHARS) String query,
            @Param
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param("Your own thread, left out.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long currentTaskId,
            @Param(value = "The most similar threads.", defaultValue = "" + ApproachSuggestion.DEFAULT_SIMILAR)
            @Range(min = 1, max = ApproachSuggestion.MAX_SIMILAR) Integer limit) {
    }

    /**
     * A similar thread.
     *
     * @param taskId the thread
     * @param similarity its best match relative to the best of all (1.0 for the most similar)
     * @param branch its branch
     * @param repoRoot its repository
     * @param status where it stands
     * @param observationCount posts on it
     */
    public record Similar(long taskId, double similarity, @Nullable String branch, @Nullable String repoRoot,
            String status, int observationCount) {
    }

    /**
     * A file the similar threads claimed.
     *
     * @param filePath the file
     * @param appearsInCount how many of them claimed it
     * @param confidence that share of the similar threads
     */
    public record LikelyFile(String filePath, int appearsInCount, double confidence) {
    }

    /**
     * A warning posted on a similar thread.
     *
     * @param description its first words
     * @param seenInTaskId the thread
     * @param kind its kind
     */
    public record Pattern(String description, long seenInTaskId, String kind) {
    }

    /**
     * The guidance.
     *
     * @param similarTasks similar threads, most similar first
     * @param firstFilesLikelyClaimed files they claimed, most often first
     * @param patternsToWatch warnings and blockers posted there
     * @param resolutionHints how the finished ones went
     * @param insufficientDataReason why there is no guidance
     * @param next what to do next
     */
    public record Result(List<Similar> similarTasks, List<LikelyFile> firstFilesLikelyClaimed,
            List<Pattern> patternsToWatch,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) ApproachSuggestion.ResolutionHints resolutionHints,
            @Nullable String insufficientDataReason, String next) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("task_suggest_approach", "Suggest an approach",
            "Before starting work, past threads like it and what they teach: files claimed, failed "
                    + "approaches, blockers, how long finished ones took.",
            Args.class, Result.class, (context, args) -> {
                ApproachSuggestion suggestion = context.scope().tasks().suggestApproach(new ApproachQuery(args.query(),
                        args.repoRoot(), args.currentTaskId() == null ? null : TaskId.of(args.currentTaskId()),
                        args.limit() == null ? ApproachSuggestion.DEFAULT_SIMILAR : args.limit()));
                return new Result(suggestion.similarTasks().stream().map(task -> new Similar(task.task().value(),
                        task.similarity(), task.branch(), task.repoRoot(), task.status().wireName(),
                        task.observationCount())).toList(), suggestion.likelyFiles().stream().map(file ->
                                new LikelyFile(file.filePath(), file.appearsInCount(), file.confidence())).toList(),
                        suggestion.patternsToWatch().stream().map(pattern -> new Pattern(pattern.description(),
                                pattern.seenInTask().value(), pattern.kind())).toList(), suggestion.resolutionHints(),
                        suggestion.insufficientDataReason(), suggestion.similarTasks().isEmpty()
                                ? "No precedent: plan from scratch, and post decisions and failed approaches on your "
                                        + "thread so the next agent has one."
                                : "task_timeline on a task_id reads its history; claim the likely files on your thread "
                                        + "before editing.");
            });

    private SuggestApproachTool() {
    }
}
