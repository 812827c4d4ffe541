package dev.colony.tool.message;

import dev.colony.api.message.BroadcastClaim;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_message_claim}: take on a broadcast before answering it. */
public final class ClaimTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long messageObservationId,
            @Param("The message's thread, if you know it.")
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
            "Reserve a broadcast (a message to any) before answering it: it leaves every other inbox. "
                    + "Answering with reply_to claims it too.",
            Args.class, Result.class, (context, args) -> {
                BroadcastClaim claim = context.scope().messages()
                        .claim(ToolArguments.memory(args.messageObservationId()), ToolArguments.task(args.taskId()));
                return new Result("claimed", claim.session().value(), claim.agent(), claim.claimedAt().toEpochMilli());
            });

    private ClaimTool() {
    }
}
