package dev.colony.tool.message;

import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.Messages;
import dev.colony.tool.ArgumentSchema;
import dev.colony.tool.Choices;
import dev.colony.tool.Param;
import dev.colony.tool.Range;
import dev.colony.tool.ToolArguments;
import dev.colony.tool.ToolSpec;
import java.time.Duration;

/** {@code task_message}: send a directed or broadcast message on a task thread. */
public final class TaskMessageTool {

    /** The longest time to live, in minutes (seven days). */
    static final long MAX_TTL_MINUTES = 7 * 24 * 60;

    /** The arguments. */
    public record Args(
            @Param(required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param(defaultValue = "any")
            String toAgent,
            @Param("Only this session.")
            String toSessionId,
            @Param(value = "What you need and by when, subject first.", required = true)
            String content,
            @Param(value = "fyi: no answer expected; needs_reply: you wait; blocking: you cannot go on.",
                    defaultValue = "fyi")
            @Choices(Urgencies.class) String urgency,
            @Param("The message you answer.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long replyTo,
            @Param("Drop it from inboxes if unread this long.")
            @Range(min = 1, max = MAX_TTL_MINUTES) Long expiresInMinutes) {
    }

    /** The new message's id and status. */
    public record Result(long messageObservationId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message", "Send a message",
            "Message an agent, a session, or any agent on a thread (to hand work over: task_hand_off). "
                    + "Recipients list it with task_messages and answer with reply_to.",
            Args.class, Result.class, (context, args) -> {
                Messages messages = context.scope().messages();
                MessageDraft draft = MessageDraft.to(ToolArguments.task(args.taskId()), args.content())
                        .withToAgent(args.toAgent() == null ? Messages.ANY_AGENT : args.toAgent())
                        .withToSession(ToolArguments.session("to_session_id", args.toSessionId()))
                        .withUrgency(args.urgency() == null ? MessageUrgency.FYI : MessageUrgency.fromWire(args.urgency()))
                        .withReplyTo(ToolArguments.memory(args.replyTo()))
                        .withTimeToLive(args.expiresInMinutes() == null ? null
                                : Duration.ofMinutes(args.expiresInMinutes()));
                Message sent = messages.send(draft);
                return new Result(sent.id().value(), sent.status().wireName());
            });

    private TaskMessageTool() {
    }
}
