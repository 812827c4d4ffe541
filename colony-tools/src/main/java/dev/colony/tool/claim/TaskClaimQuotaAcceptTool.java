package dev.colony.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.util.List;

/** {@code task_claim_quota_accept}: adopt the claims a baton left pending. */
public final class TaskClaimQuotaAcceptTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long handoffObservationId,
            @Param("One of its pending files, instead of the id.") @Size(max = 4_096)
            String filePath) {
    }

    /**
     * The adopted baton.
     *
     * @param status accepted
     * @param handoffObservationId the baton
     * @param kind handoff or relay
     * @param installedFiles files now claimed by your session
     */
    public record Result(String status, long handoffObservationId, String kind, List<String> installedFiles) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_claim_quota_accept",
            "Adopt quota-pending claims",
            "Adopt the claims a relay or handoff left pending (by its id or one of its files): they move to "
                    + "you and the baton is accepted.",
            Args.class, Result.class, (context, args) -> {
                Acceptance accepted = context.scope().quotaBatons()
                        .accept(TaskId.of(args.taskId()), ToolArguments.memory(args.handoffObservationId()),
                                args.filePath());
                return new Result(accepted.baton().status().wireName(), accepted.baton().id().value(),
                        accepted.baton().kind().wireName(), accepted.installedFiles());
            });

    private TaskClaimQuotaAcceptTool() {
    }
}
