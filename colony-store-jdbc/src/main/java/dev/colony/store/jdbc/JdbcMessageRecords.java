package dev.colony.store.jdbc;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.ReadReceipt;
import dev.colony.spi.storage.MessageRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/** Message delivery records in the {@code messages} table, read receipts in {@code message_receipts}. */
final class JdbcMessageRecords implements MessageRecords {

    private static final String COLUMNS = "memory_id, namespace_id, task_id, from_session, from_agent, to_agent, "
            + "to_agent_type, to_session, urgency, status, reply_to, preview, sent_at, expires_at, claimed_by_session, "
            + "claimed_by_agent, claimed_at, retract_reason, changed_at, version";
    private static final String BROADCAST = "any";
    /** Most urgent first; the wire names are fixed, so the ranking lives here once. */
    private static final String URGENCY_RANK = "CASE urgency WHEN 'blocking' THEN 0 WHEN 'needs_reply' THEN 1 ELSE 2 END";

    private final JdbcTransaction tx;

    JdbcMessageRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredMessage insert(NewMessage message) {
        Handle handle = tx.writeHandle("messages.insert");
        Instant sentAt = Codec.stored(message.sentAt());
        try (Update insert = handle.createUpdate("INSERT INTO messages (" + COLUMNS + ") VALUES (:id, :namespace, "
                + ":task, :fromSession, :fromAgent, :toAgent, :toAgentType, :toSession, :urgency, :status, :replyTo, "
                + ":preview, :sentAt, :expiresAt, NULL, NULL, NULL, NULL, :sentAt, 1)")) {
            insert.bind("id", message.id().value())
                    .bind("namespace", message.namespace().value())
                    .bind("task", message.task().value())
                    .bind("fromSession", message.fromSession().value())
                    .bind("fromAgent", message.fromAgent())
                    .bind("toAgent", message.toAgent())
                    .bind("toAgentType", message.toAgentType())
                    .bind("toSession", message.toSession() == null ? null : message.toSession().value())
                    .bind("urgency", message.urgency().wireName())
                    .bind("status", MessageStatus.UNREAD.wireName())
                    .bind("replyTo", message.replyTo() == null ? null : message.replyTo().value())
                    .bind("preview", message.preview())
                    .bind("sentAt", sentAt.toEpochMilli())
                    .bind("expiresAt", Codec.millis(message.expiresAt()))
                    .execute();
        }
        return new StoredMessage(message.id(), message.namespace(), message.task(), message.fromSession(),
                message.fromAgent(), message.toAgent(), message.toAgentType(), message.toSession(), message.urgency(),
                MessageStatus.UNREAD, message.replyTo(), message.preview(), sentAt, Codec.stored(message.expiresAt()),
                null, null, null, null, sentAt, 1);
    }

    @Override
    public Optional<StoredMessage> find(MemoryId message) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM messages WHERE memory_id = :id")) {
            return query.bind("id", message.value()).map(JdbcMessageRecords::map).findOne();
        }
    }

    @Override
    public Optional<StoredMessage> transition(MemoryId message, long expectedVersion, Transition change) {
        Handle handle = tx.writeHandle("messages.transition");
        Instant at = Codec.stored(change.at());
        int changed;
        try (Update update = handle.createUpdate("UPDATE messages SET status = :status, claimed_by_session = :session, "
                + "claimed_by_agent = :agent, claimed_at = :claimedAt, retract_reason = :reason, changed_at = :at, "
                + "version = version + 1 "
                + "WHERE memory_id = :id AND version = :expected")) {
            changed = update.bind("status", change.status().wireName())
                    .bind("session", change.claimedBySession() == null ? null : change.claimedBySession().value())
                    .bind("agent", change.claimedByAgent())
                    .bind("claimedAt", Codec.millis(change.claimedAt()))
                    .bind("reason", change.status() == MessageStatus.RETRACTED ? change.retractReason() : null)
                    .bind("at", at.toEpochMilli())
                    .bind("id", message.value())
                    .bind("expected", expectedVersion)
                    .execute();
        }
        if (changed != 1) {
            return Optional.empty();
        }
        if (change.status() == MessageStatus.RETRACTED) {
            // The body stays stored and searchable, flagged; the next rev tells derived indexes.
            try (Update update = handle.createUpdate("UPDATE memories SET retracted = TRUE, updated_at = :at, rev = "
                    + MemoryRows.NEXT_REV + " WHERE id = :id")) {
                update.bind("at", at.toEpochMilli()).bind("id", message.value()).execute();
            }
            tx.movedMemories();
        }
        return find(message);
    }

    @Override
    public List<StoredMessage> addressedTo(Recipient query) {
        if (query.namespaces().isEmpty() || query.limit() < 1) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("SELECT ").append(COLUMNS).append(" FROM messages WHERE namespace_id IN "
                + "(<namespaces>) AND status <> :retracted");
        if (query.session() != null) {
            sql.append(" AND from_session <> :session AND (to_session = :session OR (to_session IS NULL AND "
                    + "(to_agent_type IN (:any, :agentType) OR to_agent = :agent))) AND (claimed_by_session IS NULL OR "
                    + "claimed_by_session = :session) AND (to_session = :session OR EXISTS (SELECT 1 FROM "
                    + "task_participants p WHERE p.task_id = messages.task_id AND p.session_id = :session))");
        } else {
            sql.append(" AND from_agent <> :agent AND ((to_session IS NULL AND (to_agent_type IN (:any, :agentType) OR "
                    + "to_agent = :agent)) OR to_session IN (SELECT s.id FROM sessions s WHERE s.agent = :agent)) AND "
                    + "(claimed_by_session IS NULL OR claimed_by_agent = :agent)");
        }
        if (!query.tasks().isEmpty()) {
            sql.append(" AND task_id IN (<tasks>)");
        }
        if (query.since() != null) {
            sql.append(" AND sent_at >= :since");
        }
        if (query.unreadOnly()) {
            sql.append(" AND status = :unread AND (expires_at IS NULL OR expires_at > :now)");
        }
        sql.append(" ORDER BY ");
        if (query.urgentFirst()) {
            sql.append(URGENCY_RANK).append(", ");
        }
        sql.append("memory_id DESC LIMIT :limit");
        try (Query select = tx.handle().createQuery(sql.toString())) {
            List<Long> namespaces = new ArrayList<>();
            for (NamespaceId namespace : query.namespaces()) {
                namespaces.add(namespace.value());
            }
            select.bindList("namespaces", namespaces)
                    .bind("retracted", MessageStatus.RETRACTED.wireName())
                    .bind("any", BROADCAST)
                    .bind("agentType", query.agentType())
                    .bind("agent", query.agent())
                    .bind("limit", query.limit());
            if (query.session() != null) {
                select.bind("session", query.session().value());
            }
            if (!query.tasks().isEmpty()) {
                List<Long> tasks = new ArrayList<>();
                for (TaskId task : query.tasks()) {
                    tasks.add(task.value());
                }
                select.bindList("tasks", tasks);
            }
            if (query.since() != null) {
                select.bind("since", query.since().toEpochMilli());
            }
            if (query.unreadOnly()) {
                select.bind("unread", MessageStatus.UNREAD.wireName()).bind("now", query.now().toEpochMilli());
            }
            return select.map(JdbcMessageRecords::map).list();
        }
    }

    @Override
    public boolean addReceipt(ReadReceipt receipt) {
        Handle handle = tx.writeHandle("messages.addReceipt");
        // Write transactions are serialised by every dialect, so this check cannot race another insert.
        try (Query query = handle.createQuery(
                "SELECT COUNT(*) FROM message_receipts WHERE message_id = :message AND session_id = :session")) {
            long existing = query.bind("message", receipt.message().value()).bind("session", receipt.session().value())
                    .mapTo(Long.class).one();
            if (existing > 0) {
                return false;
            }
        }
        try (Update insert = handle.createUpdate("INSERT INTO message_receipts (message_id, session_id, agent, read_at, "
                + "receipt_memory_id) VALUES (:message, :session, :agent, :readAt, :receipt)")) {
            insert.bind("message", receipt.message().value())
                    .bind("session", receipt.session().value())
                    .bind("agent", receipt.agent())
                    .bind("readAt", Codec.stored(receipt.readAt()).toEpochMilli())
                    .bind("receipt", receipt.receipt().value())
                    .execute();
        }
        return true;
    }

    @Override
    public List<ReadReceipt> receipts(MemoryId message) {
        try (Query query = tx.handle().createQuery("SELECT message_id, session_id, agent, read_at, receipt_memory_id "
                + "FROM message_receipts WHERE message_id = :message ORDER BY read_at, session_id")) {
            return query.bind("message", message.value())
                    .map((rs, ctx) -> new ReadReceipt(MemoryId.of(rs.getLong("message_id")),
                            SessionId.of(rs.getString("session_id")), rs.getString("agent"),
                            Instant.ofEpochMilli(rs.getLong("read_at")), MemoryId.of(rs.getLong("receipt_memory_id"))))
                    .list();
        }
    }

    private static StoredMessage map(ResultSet rs, StatementContext ctx) throws SQLException {
        String toSession = rs.getString("to_session");
        long replyTo = rs.getLong("reply_to");
        boolean noReply = rs.wasNull();
        long expiresAt = rs.getLong("expires_at");
        boolean noExpiry = rs.wasNull();
        String claimedBy = rs.getString("claimed_by_session");
        long claimedAt = rs.getLong("claimed_at");
        boolean noClaim = rs.wasNull();
        return new StoredMessage(
                MemoryId.of(rs.getLong("memory_id")),
                NamespaceId.of(rs.getLong("namespace_id")),
                TaskId.of(rs.getLong("task_id")),
                SessionId.of(rs.getString("from_session")),
                rs.getString("from_agent"),
                rs.getString("to_agent"),
                rs.getString("to_agent_type"),
                toSession == null ? null : SessionId.of(toSession),
                MessageUrgency.fromWire(rs.getString("urgency")),
                MessageStatus.fromWire(rs.getString("status")),
                noReply ? null : MemoryId.of(replyTo),
                rs.getString("preview"),
                Instant.ofEpochMilli(rs.getLong("sent_at")),
                Codec.instant(expiresAt, noExpiry),
                claimedBy == null ? null : SessionId.of(claimedBy),
                rs.getString("claimed_by_agent"),
                Codec.instant(claimedAt, noClaim),
                rs.getString("retract_reason"),
                Instant.ofEpochMilli(rs.getLong("changed_at")),
                rs.getLong("version"));
    }
}
