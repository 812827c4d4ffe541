package dev.colony.mcp.tool.message;

import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.Messages;
import dev.colony.mcp.tool.ArgumentSchema;
import dev.colony.mcp.tool.Choices;
import dev.colony.mcp.tool.Param;
import dev.colony.mcp.tool.Range;
import dev.colony.mcp.tool.ToolArguments;
import dev.colony.mcp.tool.ToolSpec;
import java.time.Duration;

/** {@code task_message}: send a directed or broadcast message on a task thread. */
public final class TaskMessageTool {

    /** The longest time to live, in minutes (seven days). */
    static final long MAX_TTL_MINUTES = 7 * 24 * 60;

    /** The arguments. */
    public record Args(
            @Param(value = "The task thread to post on (the id task_thread returns).", required = true)
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long taskId,
            @Param("Your session; defaults to this server's session. Sending joins it to the thread.")
            String sessionId,
            @Param("Your agent name; defaults to the agent of your session.")
            String agent,
            @Param(value = "Who should act on it: an agent name or type (claude, codex, …), or 'any' to broadcast "
                    + "to every agent on the thread; the first to claim or answer a broadcast takes it.",
                    defaultValue = "any")
            String toAgent,
            @Param("Address one session only (for example the session that asked you something).")
            String toSessionId,
            @Param(value = "The message. Say what you need and by when; the recipient reads a preview first and "
                    + "fetches the full text with get_observations.", required = true)
            String content,
            @Param(value = "fyi: no answer expected; needs_reply: you wait for an answer; blocking: you cannot go "
                    + "on until the recipient acts.", defaultValue = "fyi")
            @Choices(Urgencies.class) String urgency,
            @Param("The id of the message you are answering. Only that message is marked replied; answering an "
                    + "unclaimed broadcast claims it for you.")
            @Range(min = 1, max = ArgumentSchema.MAX_SAFE_INTEGER) Long replyTo,
            @Param("Drop the message from inboxes if nobody has read it after this many minutes.")
            @Range(min = 1, max = MAX_TTL_MINUTES) Long expiresInMinutes) {
    }

    /** The new message's id and status. */
    public record Result(long messageObservationId, String status) {
    }

    /** The tool. */
    public static final ToolSpec<Args, Result> SPEC = ToolSpec.writing("task_message", "Send a message",
            "Send a message to another agent (or broadcast it with to_agent 'any') on a task thread, for "
                    + "coordination that moves no file claims; to hand over work and files use a hand-off "
                    + "instead, and for shared notes, decisions and blockers post on the thread. Recipients see it "
                    + "in task_messages, read it with get_observations, then mark it read or answer with "
                    + "task_message and reply_to. Returns message_observation_id and status 'unread'. Errors: "
                    + "NOT_FOUND (task_id, reply_to), OBSERVATION_NOT_ON_TASK or NOT_MESSAGE (reply_to), "
                    + "ALREADY_CLAIMED, ALREADY_RETRACTED, MESSAGE_EXPIRED, NOT_TARGET_AGENT, NOT_TARGET_SESSION "
                    + "when the answered message is not yours to answer.",
            Args.class, Result.class, (context, args) -> {
                Messages messages = context.caller(args.sessionId(), args.agent()).messages();
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
