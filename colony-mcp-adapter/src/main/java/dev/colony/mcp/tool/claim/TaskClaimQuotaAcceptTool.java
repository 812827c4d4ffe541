package dev.colony.mcp.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;
import java.util.List;

/** {@code task_claim_quota_accept}: adopt the claims a baton left pending. */
public final class TaskClaimQuotaAcceptTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The thread.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("Adopt for this session of yours instead of the server's own.") String sessionId,
            @Param("Your agent name; defaults to the session's.") @Size(max = 64) String agent,
            @Param("The handoff or relay whose pending claims to adopt, when the inbox gave its id.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long handoffObservationId,
            @Param("A quota-pending file that identifies the baton, instead of its id.") @Size(max = 4_096)
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
            "Adopt the claims a relay (or handoff) left pending for a replacement session: all of them move to "
                    + "your session, the baton is marked accepted and an audit note goes on the thread. Name the "
                    + "baton by handoff_observation_id, or by file_path of one of its pending files. Errors as "
                    + "task_accept_relay, plus NOT_FOUND when no pending claim matches the file and "
                    + "OBSERVATION_NOT_ON_TASK for a baton of another thread.",
            Args.class, Result.class, (context, args) -> {
                Acceptance accepted = context.caller(args.sessionId(), args.agent()).quotaBatons()
                        .accept(TaskId.of(args.taskId()), ToolArguments.memory(args.handoffObservationId()),
                                args.filePath());
                return new Result(accepted.baton().status().wireName(), accepted.baton().id().value(),
                        accepted.baton().kind().wireName(), accepted.installedFiles());
            });

    private TaskClaimQuotaAcceptTool() {
    }
}
