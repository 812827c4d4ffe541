package dev.colony.spi.storage;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.ReadReceipt;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Delivery records of directed messages: one row per message, keyed by the id of the memory that
 * holds its body, with an explicit status and a compare-and-set version; plus read receipts.
 *
 * <p>The store applies no domain rule beyond what each method states: colony-core decides which
 * transition is allowed and passes the version it read, so a concurrent change makes the write fail
 * instead of overwriting it.
 */
public interface MessageRecords {

    /**
     * Inserts the delivery record of a message whose body memory is already inserted in this
     * transaction; status {@code unread}, version 1. Must run in a write transaction.
     */
    StoredMessage insert(NewMessage message);

    /** The delivery record of the message with this memory id. */
    Optional<StoredMessage> find(MemoryId message);

    /**
     * Moves a message to {@code change}'s status and claim if its version is still
     * {@code expectedVersion}; the version goes up by one. When the new status is {@code retracted},
     * the body memory is marked retracted in the same statement group and takes the next rev of the
     * change feed, so derived indexes see the change. Must run in a write transaction.
     *
     * @return the record afterwards, or empty when the version no longer matched (nothing changed)
     */
    Optional<StoredMessage> transition(MemoryId message, long expectedVersion, Transition change);

    /**
     * Messages for one recipient, newest first or most urgent first: those addressed to its session,
     * and those addressed to no session but to its agent (name or type) or to any agent on a task the
     * session has joined. Never returns retracted messages, messages sent by the recipient's own
     * session, or broadcasts claimed by another session.
     *
     * <p>With no session in {@code query}, an agent-wide overview instead: messages addressed to the
     * agent's name or type, to any agent, or to a session whose agent is exactly that name, on every
     * task of the namespaces given; never messages sent by an agent of that name, retracted messages,
     * or broadcasts claimed by another agent.
     */
    List<StoredMessage> addressedTo(Recipient query);

    /**
     * Records that {@code session} read {@code message}, unless it already did.
     *
     * @return whether a new receipt was written
     */
    boolean addReceipt(ReadReceipt receipt);

    /** The receipts of a message, oldest first. */
    List<ReadReceipt> receipts(MemoryId message);

    /**
     * A message's delivery record as stored.
     *
     * @param id the body memory's id
     * @param namespace the namespace of the task and the body
     * @param task the task thread
     * @param fromSession the sending session
     * @param fromAgent the sending agent
     * @param toAgent the addressee as given, or {@code any}
     * @param toAgentType the addressee's agent type, or {@code any}
     * @param toSession the addressed session, or {@code null}
     * @param urgency the urgency
     * @param status the stored status (an unread message past its expiry is still stored unread
     *     until the expiry is written back)
     * @param replyTo the answered message, or {@code null}
     * @param preview the start of the body, on one line
     * @param sentAt when it was sent
     * @param expiresAt when it expires unread, or {@code null}
     * @param claimedBySession the claiming session, or {@code null}
     * @param claimedByAgent the claiming agent, or {@code null}
     * @param claimedAt when it was claimed, or {@code null}
     * @param retractReason why the sender retracted it, or {@code null}
     * @param changedAt the time of the last transition (the send time at first)
     * @param version the compare-and-set version, starting at 1
     */
    record StoredMessage(
            MemoryId id,
            NamespaceId namespace,
            TaskId task,
            SessionId fromSession,
            String fromAgent,
            String toAgent,
            String toAgentType,
            SessionId toSession,
            MessageUrgency urgency,
            MessageStatus status,
            MemoryId replyTo,
            String preview,
            Instant sentAt,
            Instant expiresAt,
            SessionId claimedBySession,
            String claimedByAgent,
            Instant claimedAt,
            String retractReason,
            Instant changedAt,
            long version) {

        /** Checks the required components. */
        public StoredMessage {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(fromSession, "fromSession");
            Objects.requireNonNull(fromAgent, "fromAgent");
            Objects.requireNonNull(toAgent, "toAgent");
            Objects.requireNonNull(toAgentType, "toAgentType");
            Objects.requireNonNull(urgency, "urgency");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(preview, "preview");
            Objects.requireNonNull(sentAt, "sentAt");
            Objects.requireNonNull(changedAt, "changedAt");
        }
    }

    /**
     * A message's delivery record to insert.
     *
     * @param id the body memory's id
     * @param namespace its namespace
     * @param task its task
     * @param fromSession the sending session
     * @param fromAgent the sending agent
     * @param toAgent the addressee, or {@code any}
     * @param toAgentType the addressee's agent type, or {@code any}
     * @param toSession the addressed session, or {@code null}
     * @param urgency the urgency
     * @param replyTo the answered message, or {@code null}
     * @param preview the start of the body
     * @param sentAt the send time
     * @param expiresAt the expiry, or {@code null}
     */
    record NewMessage(
            MemoryId id,
            NamespaceId namespace,
            TaskId task,
            SessionId fromSession,
            String fromAgent,
            String toAgent,
            String toAgentType,
            SessionId toSession,
            MessageUrgency urgency,
            MemoryId replyTo,
            String preview,
            Instant sentAt,
            Instant expiresAt) {

        /** Checks the required components. */
        public NewMessage {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(fromSession, "fromSession");
            Objects.requireNonNull(fromAgent, "fromAgent");
            Objects.requireNonNull(toAgent, "toAgent");
            Objects.requireNonNull(toAgentType, "toAgentType");
            Objects.requireNonNull(urgency, "urgency");
            Objects.requireNonNull(preview, "preview");
            Objects.requireNonNull(sentAt, "sentAt");
        }
    }

    /**
     * The state a transition writes.
     *
     * @param status the new status
     * @param claimedBySession the claim afterwards ({@code null} for none)
     * @param claimedByAgent the claiming agent afterwards
     * @param claimedAt the claim time afterwards
     * @param retractReason the sender's reason, kept only when the new status is {@code retracted}
     * @param at the time of the transition
     */
    record Transition(MessageStatus status, SessionId claimedBySession, String claimedByAgent, Instant claimedAt,
            String retractReason, Instant at) {

        /** Checks the required components. */
        public Transition {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(at, "at");
        }

        /** A change of status only, keeping {@code current}'s claim. */
        public static Transition status(StoredMessage current, MessageStatus status, Instant at) {
            return new Transition(status, current.claimedBySession(), current.claimedByAgent(), current.claimedAt(),
                    null, at);
        }
    }

    /**
     * Who a list is for and what it includes.
     *
     * @param namespaces only messages of these namespaces (the ones the recipient may read)
     * @param tasks only these tasks, or empty for all
     * @param session the recipient's session, or {@code null} for an agent-wide overview
     * @param agent the recipient's agent name
     * @param agentType the recipient's agent type
     * @param since only messages sent at or after this, or {@code null}
     * @param unreadOnly only status {@code unread} with no expiry at or before {@code now}
     * @param now the current time
     * @param urgentFirst order by urgency (blocking first) before recency
     * @param limit the most rows
     */
    record Recipient(
            Set<NamespaceId> namespaces,
            Set<TaskId> tasks,
            SessionId session,
            String agent,
            String agentType,
            Instant since,
            boolean unreadOnly,
            Instant now,
            boolean urgentFirst,
            int limit) {

        /** Checks and copies the components. */
        public Recipient {
            namespaces = Set.copyOf(namespaces);
            tasks = Set.copyOf(tasks);
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(agentType, "agentType");
            Objects.requireNonNull(now, "now");
        }
    }
}
