package dev.colony.api.message;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import java.time.Duration;
import java.util.List;

/**
 * Directed messages as seen by one {@link dev.colony.api.Actor}: what it sends comes from its session
 * and agent, and what it lists is addressed to that session or agent (or to any agent) on task threads
 * it may read.
 *
 * <p>Each state change (read, reply, retract, claim, expiry) is one transaction that compares and sets
 * the delivery record's status and version, so of two concurrent callers exactly one wins. Time comes
 * from the Colony's clock; a message whose time to live has passed is treated as expired at once on
 * every read and is written back as expired by the next call that touches it. Lists never write.
 *
 * <p>A message is "for" a caller when its sender is another session and it names the caller's session,
 * or names no session, is addressed to {@link #ANY_AGENT} or to the caller's agent, and is posted on a
 * thread the caller's session joined. Sending joins the sender to the thread. Agents match by name or
 * by agent type: the part of the name before its first {@code -}, lower-cased, so a message to
 * {@code claude} reaches {@code claude-code}.
 *
 * <p>Errors carry the codes of the coordination specification ({@code NOT_MESSAGE},
 * {@code MESSAGE_EXPIRED}, {@code NOT_SENDER}, {@code ALREADY_REPLIED}, {@code ALREADY_RETRACTED},
 * {@code NOT_BROADCAST}, {@code ALREADY_CLAIMED}, {@code NOT_TARGET_AGENT}, {@code NOT_TARGET_SESSION},
 * {@code NOT_PARTICIPANT}, {@code TASK_MISMATCH}, {@code OBSERVATION_NOT_ON_TASK}) and name the
 * argument they are about; an id the caller may not see reads exactly like a missing one
 * ({@code NOT_FOUND}).
 */
public interface Messages {

    /** The addressee of a broadcast: any agent may read it and one may claim it. */
    String ANY_AGENT = "any";
    /** The longest time to live a message may have. */
    Duration MAX_TIME_TO_LIVE = Duration.ofDays(7);
    /** The most messages one list returns. */
    int MAX_LIST_LIMIT = 200;
    /** The number of messages a list returns unless asked otherwise. */
    int DEFAULT_LIST_LIMIT = 50;
    /** The most characters of a preview. */
    int PREVIEW_CHARS = 160;

    /**
     * Posts a message on a task thread. With {@code replyTo}, the answered message (only it, never its
     * own parent) moves to {@link MessageStatus#REPLIED}, and an unclaimed broadcast is claimed for the
     * caller.
     *
     * @return the message as stored, {@link MessageStatus#UNREAD}
     * @throws dev.colony.api.ColonyException {@code INVALID_ARGUMENT} for bad input, {@code NOT_FOUND}
     *     for a task or reply target the caller cannot see, {@code SESSION_NOT_FOUND} for an unknown
     *     {@code to_session_id}, {@code OBSERVATION_NOT_ON_TASK} or {@code NOT_MESSAGE} for a reply
     *     target that is not a message of this task, and the recipient errors of {@link #markRead}
     */
    Message send(MessageDraft draft);

    /**
     * Messages for the caller, newest first. Retracted messages and broadcasts claimed by another
     * session are never listed. Does not mark anything read.
     */
    List<Message> inbox(MessageQuery query);

    /**
     * Unread, unexpired messages for the caller with the most urgent first ({@code blocking}, then
     * {@code needs_reply}, then {@code fyi}), newest first within an urgency: what an attention view
     * shows.
     *
     * @param limit 1 to {@link #MAX_LIST_LIMIT}
     */
    List<Message> unreadByUrgency(int limit);

    /**
     * Marks a message read and records a read receipt (and a {@code message_read} memory on the
     * thread) for the sender. Idempotent: a read or replied message stays as it is.
     *
     * @param task the task the caller believes the message is on, or {@code null} to skip that check
     * @return the status afterwards
     * @throws dev.colony.api.ColonyException {@code MESSAGE_EXPIRED} once its time to live passed unread
     *     (the expiry is recorded), {@code NOT_PARTICIPANT} when the caller's session has not joined the
     *     thread and is not named by the message, {@code ALREADY_RETRACTED}, {@code ALREADY_CLAIMED} for a broadcast
     *     another session claimed, {@code NOT_TARGET_SESSION} or {@code NOT_TARGET_AGENT} when the
     *     message is not for the caller
     */
    MessageStatus markRead(MemoryId message, TaskId task);

    /**
     * Withdraws a message the caller's session sent. Recipients stop seeing it; its body stays stored
     * and searchable, marked retracted (the search index learns it through the change feed).
     *
     * @param reason why, recorded with the retraction, or {@code null}
     * @return the message afterwards
     * @throws dev.colony.api.ColonyException {@code NOT_SENDER}, {@code ALREADY_REPLIED},
     *     {@code ALREADY_RETRACTED}, {@code TASK_MISMATCH}
     */
    Message retract(MemoryId message, TaskId task, String reason);

    /**
     * Takes a broadcast on before answering it: other recipients stop seeing it. Idempotent for the
     * session that already holds it.
     *
     * @throws dev.colony.api.ColonyException {@code NOT_BROADCAST}, {@code NOT_PARTICIPANT},
     *     {@code ALREADY_CLAIMED} when another session holds it, {@code MESSAGE_EXPIRED}, {@code ALREADY_RETRACTED}
     */
    BroadcastClaim claim(MemoryId message, TaskId task);

    /**
     * An overview for people and dashboards rather than for one agent session: messages addressed to
     * {@code agent} (by name or agent type), to any agent, or to a session started by an agent of that
     * exact name, on every thread the caller may read, newest first. Messages that agent sent, retracted
     * messages and broadcasts claimed by another agent are left out. It needs no session of the caller
     * and, like every list, marks nothing read.
     *
     * @param agent the agent name, as sessions record it (e.g. {@code codex}, {@code claude-code})
     */
    List<Message> addressedToAgent(String agent, MessageQuery query);

    /** The read receipts of a message, oldest first; empty when nobody has read it. */
    List<ReadReceipt> receipts(MemoryId message);
}
