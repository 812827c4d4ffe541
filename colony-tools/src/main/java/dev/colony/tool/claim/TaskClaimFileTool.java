package dev.colony.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimResult;
import dev.colony.api.claim.Claims;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Nullable;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolSpec;

/** {@code task_claim_file}: claim one file of a task thread before editing it. */
public final class TaskClaimFileTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param(required = true)
            @Size(max = 4_096) String filePath,
            @Param("Why you edit it, in a few words.")
            @Size(max = Claims.MAX_NOTE_CHARS) String note) {
    }

    /**
     * The audit memory, what the claim did, the claim as it stands, and the session it was taken from.
     *
     * @param observationId the {@code claim} memory on the thread
     * @param outcome claimed, refreshed_same_session, refreshed_same_lane or superseded_inactive_owner
     * @param filePath the normalised repo-relative path
     * @param state the claim's state
     * @param previousSessionId the session that held the file before, when another one did
     */
    public record Result(long observationId, String outcome, String filePath, String state,
            @Nullable String previousSessionId) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_claim_file", "Claim a file",
            "Claim a file on a thread before you edit it: a warning to others, not a lock. "
                    + "CLAIM_HELD_BY_ACTIVE_OWNER: another agent's live session holds it; message it or ask for a "
                    + "hand-off.",
            Args.class, Result.class, (context, args) -> {
                ClaimResult result = context.scope().claims()
                        .claim(TaskId.of(args.taskId()), args.filePath(), args.note());
                return new Result(result.observation().value(), result.outcome().wireName(),
                        result.claim().filePath(), result.claim().state().wireName(),
                        result.previousOwner() == null ? null : result.previousOwner().value());
            });

    private TaskClaimFileTool() {
    }
}
