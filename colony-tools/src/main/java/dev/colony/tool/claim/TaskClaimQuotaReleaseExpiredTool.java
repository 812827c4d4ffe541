package dev.colony.tool.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.QuotaRelease;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_claim_quota_release_expired}: weaken ran-out pending claims and expire old batons. */
public final class TaskClaimQuotaReleaseExpiredTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("Only this baton's claims.") @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER)
            Long handoffObservationId,
            @Param("Only this file.") @Size(max = 4_096) String filePath) {
    }

    /**
     * What this call changed; a repeated call changes nothing more.
     *
     * @param weakenedFiles files whose pending claims became weak_expired
     * @param expiredBatons batons recorded as expired
     * @param weakenedCount how many claims were weakened
     */
    public record Result(List<String> weakenedFiles, List<Long> expiredBatons, int weakenedCount) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_claim_quota_release_expired",
            "Release expired quota claims",
            "Release quota-pending claims whose baton expired (they become weak_expired); without an id or "
                    + "file, all of the thread's.",
            Args.class, Result.class, (context, args) -> {
                QuotaRelease release = context.scope().quotaBatons()
                        .releaseExpired(TaskId.of(args.taskId()), ToolArguments.memory(args.handoffObservationId()),
                                args.filePath());
                return new Result(release.weakenedFiles(), release.expiredBatons().stream().map(MemoryId::value)
                        .toList(), release.weakenedFiles().size());
            }).asIdempotent();

    private TaskClaimQuotaReleaseExpiredTool() {
    }
}
