package dev.colony.mcp.tool.message;

import dev.colony.api.message.BroadcastClaim;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;

/** {@code task_message_claim}: take on a broadcast before answering it. */
public final class ClaimTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The id of a broadcast (a message to 'any').", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long messageObservationId,
            @Param("Your session; defaults to this server's session.")
            String sessionId,
            @Param("Your agent name; defaults to the agent of your session.")
            String agent,
            @Param("The task thread you expect the message on; a different one fails with TASK_MISMATCH.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId) {
    }

    /**
     * The claim.
     *
     * @param status always {@code claimed}
     * @param claimedBySessionId the session that holds the broadcast
     * @param claimedByAgent the agent that holds it
     * @param claimedAt when it was claimed (epoch ms)
     */
    public record Result(String status, String claimedBySessionId, String claimedByAgent, long claimedAt) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message_claim", "Claim a broadcast",
            "Take on a broadcast (a message to 'any') before you are ready to answer it: it disappears from every "
                    + "other agent's inbox and stays in yours. Answering with task_message and reply_to claims it "
                    + "too, so use this only to reserve it first. Claiming again as the holder returns the same "
                    + "claim. Errors: NOT_FOUND, NOT_MESSAGE, NOT_BROADCAST (a directed message), NOT_PARTICIPANT, "
                    + "ALREADY_CLAIMED (someone else was first), MESSAGE_EXPIRED, ALREADY_RETRACTED.",
            Args.class, Result.class, (context, args) -> {
                BroadcastClaim claim = context.caller(args.sessionId(), args.agent()).messages()
                        .claim(ToolArguments.memory(args.messageObservationId()), ToolArguments.task(args.taskId()));
                return new Result("claimed", claim.session().value(), claim.agent(), claim.claimedAt().toEpochMilli());
            });

    private ClaimTool() {
    }
}
