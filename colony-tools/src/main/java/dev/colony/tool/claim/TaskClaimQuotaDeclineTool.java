package dev.colony.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonLimits;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_claim_quota_decline}: pass on a quota-pending claim without cancelling its baton. */
public final class TaskClaimQuotaDeclineTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("One of the baton's pending files.") @Size(max = 4_096) String filePath,
            @Param("The baton's id, instead of a file.") @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER)
            Long handoffObservationId,
            @Param("Why you do not take it.") @Size(max = BatonLimits.MAX_ENTRY_CHARS) String reason) {
    }

    /**
     * The baton, still pending, now open to any agent.
     *
     * @param status pending
     * @param handoffObservationId the baton
     * @param toAgent any
     */
    public record Result(String status, long handoffObservationId, String toAgent) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_claim_quota_decline",
            "Decline a quota-pending claim",
            "Decline a quota-pending claim without cancelling its relay: the baton is readdressed to any "
                    + "agent, your reason posted.",
            Args.class, Result.class, (context, args) -> {
                Baton baton = context.scope().quotaBatons().decline(
                        TaskId.of(args.taskId()), ToolArguments.memory(args.handoffObservationId()), args.filePath(),
                        args.reason());
                return new Result(baton.status().wireName(), baton.id().value(), baton.toAgent());
            });

    private TaskClaimQuotaDeclineTool() {
    }
}
