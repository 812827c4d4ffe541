package dev.colony.api.message;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * A message as a recipient or sender sees it: its addressing and delivery state and a short preview;
 * the full body is the memory with the same id.
 *
 * @param id the message's memory id
 * @param task the task thread it was posted on
 * @param sentAt when it was sent
 * @param fromSession the sending session
 * @param fromAgent the sending agent
 * @param toAgent the agent it is for, or {@link Messages#ANY_AGENT}
 * @param toSession the session it is for, or {@code null}
 * @param urgency its urgency
 * @param status its effective status at the time of the read: an unread message past its expiry reads
 *     as {@link MessageStatus#EXPIRED} even before that is written back
 * @param replyTo the message it answers, or {@code null}
 * @param preview the start of the body, on one line
 * @param expiresAt when it expires unread, or {@code null}
 * @param claimedBySession the session that claimed the broadcast, or {@code null}
 * @param claimedByAgent the agent that claimed the broadcast, or {@code null}
 * @param claimedAt when the broadcast was claimed, or {@code null}
 * @param version the compare-and-set version of its delivery record, starting at 1
 */
public record Message(
        MemoryId id,
        TaskId task,
        Instant sentAt,
        SessionId fromSession,
        String fromAgent,
        String toAgent,
        SessionId toSession,
        MessageUrgency urgency,
        MessageStatus status,
        MemoryId replyTo,
        String preview,
        Instant expiresAt,
        SessionId claimedBySession,
        String claimedByAgent,
        Instant claimedAt,
        long version) {

    /** Checks the required components. */
    public Message {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(sentAt, "sentAt");
        Objects.requireNonNull(fromSession, "fromSession");
        Objects.requireNonNull(fromAgent, "fromAgent");
        Objects.requireNonNull(toAgent, "toAgent");
        Objects.requireNonNull(urgency, "urgency");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(preview, "preview");
    }

    /** Whether it is addressed to any agent rather than to one. */
    public boolean isBroadcast() {
        return Messages.ANY_AGENT.equals(toAgent);
    }

    /** Whether it is a broadcast that nobody has claimed yet and that can still be taken on. */
    public boolean isClaimableBroadcast() {
        return isBroadcast() && claimedBySession == null
                && (status == MessageStatus.UNREAD || status == MessageStatus.READ);
    }
}
