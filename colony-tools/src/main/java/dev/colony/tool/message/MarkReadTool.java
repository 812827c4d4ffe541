package dev.colony.tool.message;

import dev.colony.api.message.MessageStatus;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_message_mark_read}: mark one message read and leave the sender a read receipt. */
public final class MarkReadTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long messageObservationId,
            @Param("The message's thread, if you know it.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId) {
    }

    /** The message and its status afterwards. */
    public record Result(long messageObservationId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message_mark_read", "Mark a message read",
            "Mark a message read when no answer is needed (to answer: task_message with reply_to); the "
                    + "sender sees a receipt. Idempotent.",
            Args.class, Result.class, (context, args) -> {
                MessageStatus status = context.scope().messages()
                        .markRead(ToolArguments.memory(args.messageObservationId()), ToolArguments.task(args.taskId()));
                return new Result(args.messageObservationId(), status.wireName());
            }).asIdempotent();

    private MarkReadTool() {
    }
}
