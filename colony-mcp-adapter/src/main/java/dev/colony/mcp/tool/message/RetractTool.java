package dev.colony.mcp.tool.message;

import dev.colony.api.message.Message;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.Size;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;

/** {@code task_message_retract}: withdraw a message you sent that nobody has answered yet. */
public final class RetractTool {

    /** The arguments. */
    public record Args(
            @Param(value = "The id of the message you sent.", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long messageObservationId,
            @Param("The session that sent it; defaults to this server's session.")
            String sessionId,
            @Param("Why you withdraw it, kept with the message for the record.")
            @Size(max = 500) String reason,
            @Param("The task thread you expect the message on; a different one fails with TASK_MISMATCH.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId) {
    }

    /** The message and its status afterwards ({@code retracted}). */
    public record Result(long messageObservationId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message_retract", "Retract a message",
            "Withdraw a message your session sent: recipients no longer see it in their inboxes. The text stays "
                    + "stored and searchable, marked retracted, so the thread's history remains honest. Once a "
                    + "recipient has answered it, it can no longer be withdrawn. Errors: NOT_FOUND, NOT_MESSAGE, "
                    + "TASK_MISMATCH, NOT_SENDER (only the sending session may), ALREADY_REPLIED, ALREADY_RETRACTED.",
            Args.class, Result.class, (context, args) -> {
                Message retracted = context.caller(args.sessionId(), null).messages()
                        .retract(ToolArguments.memory(args.messageObservationId()), ToolArguments.task(args.taskId()),
                                args.reason());
                return new Result(retracted.id().value(), retracted.status().wireName());
            }).asDestructive().asIdempotent();

    private RetractTool() {
    }
}
