package dev.colony.mcp.tool.claim;

import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimResult;
import dev.colony.api.claim.Claims;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Nullable;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolSpec;

/** {@code task_claim_file}: claim one file of a task thread before editing it. */
public final class TaskClaimFileTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The thread: a task_id from task_thread or task_list.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) long taskId,
            @Param("Claim for this session of yours instead of the server's own.") String sessionId,
            @Param(value = "The file you are about to edit: relative to the thread's repository root, or an "
                    + "absolute path inside it. One file per call; directories and /dev/null are refused.",
                    required = true)
            @Size(max = 4_096) String filePath,
            @Param("Why you edit it, in a few words; other agents see it on the thread.")
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
            "Claim one file on a task thread before you edit it, so other agents see who works on what. Claims "
                    + "warn, they do not lock. Call once per file you expect to edit. A fresh claim by a live "
                    + "session of another agent type fails with CLAIM_HELD_BY_ACTIVE_OWNER naming that session: "
                    + "coordinate with it (task_message) or ask for a task_hand_off. Claims on protected branches "
                    + "(main, master, dev, develop, production, release) fail with PROTECTED_BRANCH_CLAIM_REJECTED; "
                    + "bad paths fail with INVALID_CLAIM_PATH and the reason. Claiming joins you to the thread. "
                    + "Returns observation_id and the outcome.",
            Args.class, Result.class, (context, args) -> {
                ClaimResult result = context.caller(args.sessionId(), null).claims()
                        .claim(TaskId.of(args.taskId()), args.filePath(), args.note());
                return new Result(result.observation().value(), result.outcome().wireName(),
                        result.claim().filePath(), result.claim().state().wireName(),
                        result.previousOwner() == null ? null : result.previousOwner().value());
            });

    private TaskClaimFileTool() {
    }
}
