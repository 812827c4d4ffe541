package dev.colony.api.message;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Duration;

/**
 * A message to be sent. Start from {@link #to} and add optional parts with the {@code with…} methods;
 * the service checks every part when the message is sent.
 *
 * @param task the task thread the message is posted on
 * @param content the body, stored as a searchable memory
 * @param toAgent the agent it is for (a name such as {@code codex}, or an agent type such as
 *     {@code claude}), or {@link Messages#ANY_AGENT} for a broadcast
 * @param toSession the one session it is for, or {@code null}
 * @param urgency how urgent it is
 * @param replyTo the message this one answers, or {@code null}; only that message moves to
 *     {@link MessageStatus#REPLIED}
 * @param timeToLive how long it stays deliverable while unread, or {@code null} for no limit; at most
 *     {@link Messages#MAX_TIME_TO_LIVE}
 */
public record MessageDraft(
        TaskId task,
        String content,
        String toAgent,
        SessionId toSession,
        MessageUrgency urgency,
        MemoryId replyTo,
        Duration timeToLive) {

    /** A broadcast of {@code content} on {@code task} with urgency {@code fyi}. */
    public static MessageDraft to(TaskId task, String content) {
        return new MessageDraft(task, content, Messages.ANY_AGENT, null, MessageUrgency.FYI, null, null);
    }

    /** A copy addressed to {@code agent} ({@link Messages#ANY_AGENT} for a broadcast). */
    public MessageDraft withToAgent(String agent) {
        return new MessageDraft(task, content, agent, toSession, urgency, replyTo, timeToLive);
    }

    /** A copy addressed to one session. */
    public MessageDraft withToSession(SessionId session) {
        return new MessageDraft(task, content, toAgent, session, urgency, replyTo, timeToLive);
    }

    /** A copy with this urgency. */
    public MessageDraft withUrgency(MessageUrgency newUrgency) {
        return new MessageDraft(task, content, toAgent, toSession, newUrgency, replyTo, timeToLive);
    }

    /** A copy that answers {@code message}. */
    public MessageDraft withReplyTo(MemoryId message) {
        return new MessageDraft(task, content, toAgent, toSession, urgency, message, timeToLive);
    }

    /** A copy that expires {@code ttl} after it is sent unless read first. */
    public MessageDraft withTimeToLive(Duration ttl) {
        return new MessageDraft(task, content, toAgent, toSession, urgency, replyTo, ttl);
    }
}
