package dev.colony.tool.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.colony.api.spec.SpecChanges;
import dev.colony.api.spec.SpecDrift;
import dev.colony.api.spec.SpecSyncReport;
import dev.colony.api.task.TaskLimits;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** {@code openspec_sync_status}: where a repository's spec changes and the plans of the same slugs disagree. */
public final class OpenSpecSyncStatusTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Size(max = TaskLimits.MAX_REPO_ROOT_CHARS) String repoRoot,
            @Param(value = "An open checkbox whose sub-task is unchanged this long is stale.", defaultValue = "24")
            @Range(min = 1, max = 8_760) Integer staleAfterHours,
            @Param(defaultValue = "20")
            @Range(min = 1, max = SpecChanges.MAX_SYNC_LIMIT) Integer limit) {
    }

    /**
     * One drift.
     *
     * @param code what disagrees
     * @param reason one line
     * @param file the file, relative to the repository
     * @param line its line
     * @param planSlug the plan and change
     * @param subtaskIndex the sub-task
     * @param taskId the sub-task's thread
     * @param repairTool the tool that repairs it
     * @param repairArgs that call's arguments
     * @param repairEdit the file edit that repairs it, when no call can
     */
    public record Drift(String code, String reason,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String file,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Integer line,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String planSlug,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Integer subtaskIndex,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) Long taskId,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String repairTool,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> repairArgs,
            @Nullable @JsonInclude(JsonInclude.Include.NON_NULL) String repairEdit) {

        static Drift of(SpecDrift drift) {
            return new Drift(drift.code().wireName(), drift.reason(), drift.file(), drift.line(), drift.planSlug(),
                    drift.subtaskIndex(), drift.task() == null ? null : drift.task().value(), drift.repair().tool(),
                    drift.repair().args(), drift.repair().edit());
        }
    }

    /**
     * The report.
     *
     * @param changes open changes read
     * @param driftCount drifts in all
     * @param drift the first of them, most pressing first
     */
    public record Result(int changes, int driftCount, List<Drift> drift) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.reading("openspec_sync_status", "Spec drift",
            "Where openspec/changes files and the plans of the same slugs disagree (checkboxes, PR links, changes "
                    + "left open), each with the call or edit that repairs it.",
            Args.class, Result.class, (context, args) -> {
                SpecSyncReport report = context.scope().specChanges().syncStatus(SpecPaths.repoRoot(args.repoRoot()),
                        Duration.ofHours(args.staleAfterHours()), args.limit());
                return new Result(report.changes(), report.driftCount(), report.drift().stream().map(Drift::of)
                        .toList());
            });

    private OpenSpecSyncStatusTool() {
    }
}
