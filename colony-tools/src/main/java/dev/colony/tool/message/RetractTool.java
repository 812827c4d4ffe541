package dev.colony.tool.message;

import dev.colony.api.message.Message;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.Size;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;

/** {@code task_message_retract}: withdraw a message you sent that nobody has answered yet. */
public final class RetractTool {

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long messageObservationId,
            @Param("Why, kept with the message.")
            @Size(max = 500) String reason,
            @Param("The message's thread, if you know it.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId) {
    }

    /** The message and its status afterwards ({@code retracted}). */
    public record Result(long messageObservationId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message_retract", "Retract a message",
            "Withdraw a message you sent that nobody answered: it leaves inboxes, stays searchable, marked "
                    + "retracted.",
            Args.class, Result.class, (context, args) -> {
                Message retracted = context.scope().messages()
                        .retract(ToolArguments.memory(args.messageObservationId()), ToolArguments.task(args.taskId()),
                                args.reason());
                return new Result(retracted.id().value(), retracted.status().wireName());
            }).asDestructive().asIdempotent();

    private RetractTool() {
    }
}
