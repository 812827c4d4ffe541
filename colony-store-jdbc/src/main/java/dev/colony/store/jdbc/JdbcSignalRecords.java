package dev.colony.store.jdbc;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.signal.SignalId;
import dev.colony.api.signal.SignalStatus;
import dev.colony.spi.storage.SignalRecords;
import dev.colony.spi.storage.StorageTopic;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Signals in the {@code signals} table; the collection's slug is joined from {@code namespaces}. */
final class JdbcSignalRecords implements SignalRecords {

    private static final String COLUMNS = "s.id, s.namespace_id, n.slug, s.from_user, s.from_agent, s.from_session, "
            + "s.to_user, s.to_agent, s.memory_ids, s.sent_at, s.expires_at, s.status, s.acked_at, s.acked_by_session, "
            + "s.version";
    private static final String FROM = " FROM signals s JOIN namespaces n ON n.id = s.namespace_id";
    /** The inbox condition shared by the list and the count; {@code <namespaces>} is bound per chunk. */
    private static final String PENDING = " WHERE s.to_user = :user AND s.status = :pending AND s.id > :after "
            + "AND s.expires_at > :now AND (s.to_agent IS NULL OR s.to_agent = :agent) "
            + "AND s.namespace_id IN (<namespaces>)";
    private static final Comparator<StoredSignal> OLDEST_FIRST =
            Comparator.comparing((StoredSignal signal) -> signal.id().value());

    private final JdbcTransaction tx;

    JdbcSignalRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredSignal insert(NewSignal signal) {
        long id;
        try (Update insert = tx.writeHandle("signals.insert").createUpdate("INSERT INTO signals (namespace_id, "
                + "from_user, from_agent, from_session, to_user, to_agent, memory_ids, sent_at, expires_at, status, "
                + "version) VALUES (:namespace, :fromUser, :fromAgent, :fromSession, :toUser, :toAgent, :memories, "
                + ":sentAt, :expiresAt, :status, 1)")) {
            id = insert.bind("namespace", signal.namespace().value())
                    .bind("fromUser", signal.fromUser().value())
                    .bind("fromAgent", signal.fromAgent())
                    .bind("fromSession", signal.fromSession().value())
                    .bind("toUser", signal.toUser().value())
                    .bind("toAgent", signal.toAgent())
                    .bind("memories", signal.memories().stream().map(MemoryId::toString)
                            .collect(Collectors.joining(",")))
                    .bind("sentAt", signal.sentAt().toEpochMilli())
                    .bind("expiresAt", signal.expiresAt().toEpochMilli())
                    .bind("status", SignalStatus.PENDING.wireName())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
        }
        tx.dialect().announce(tx.writeHandle("signals.insert"), StorageTopic.SIGNALS);
        return find(SignalId.of(id)).orElseThrow();
    }

    @Override
    public Optional<StoredSignal> find(SignalId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + FROM + " WHERE s.id = :id")) {
            return query.bind("id", id.value()).map((rs, ctx) -> map(rs)).findOne();
        }
    }

    @Override
    public List<StoredSignal> pending(Inbox inbox) {
        Comparator<StoredSignal> order = inbox.oldestFirst() ? OLDEST_FIRST : OLDEST_FIRST.reversed();
        return NamespaceChunks.list(inbox.namespaces(), inbox.limit(), order, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + FROM + PENDING
                    + " ORDER BY s.id " + (inbox.oldestFirst() ? "ASC" : "DESC") + " LIMIT :limit")) {
                return bind(query, inbox, chunk).bind("limit", inbox.limit()).map((rs, ctx) -> map(rs)).list();
            }
        });
    }

    @Override
    public int countPending(Inbox inbox) {
        List<Long> all = inbox.namespaces().stream().map(NamespaceId::value).sorted().toList();
        int count = 0;
        for (int from = 0; from < all.size(); from += NamespaceChunks.CHUNK) {
            try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM signals s" + PENDING)) {
                count += bind(query, inbox, all.subList(from, Math.min(all.size(), from + NamespaceChunks.CHUNK)))
                        .mapTo(Integer.class).one();
            }
        }
        return count;
    }

    private static Query bind(Query query, Inbox inbox, List<Long> namespaces) {
        return query.bind("user", inbox.user().value())
                .bind("pending", SignalStatus.PENDING.wireName())
                .bind("after", inbox.afterId())
                .bind("now", inbox.now().toEpochMilli())
                .bind("agent", inbox.agent())
                .bindList("namespaces", namespaces);
    }

    @Override
    public Optional<StoredSignal> acknowledge(SignalId id, long expectedVersion, SessionId by, Instant at) {
        int changed;
        try (Update update = tx.writeHandle("signals.acknowledge").createUpdate("UPDATE signals SET status = :acked, "
                + "acked_at = :at, acked_by_session = :session, version = version + 1 "
                + "WHERE id = :id AND status = :pending AND version = :expected")) {
            changed = update.bind("acked", SignalStatus.ACKED.wireName())
                    .bind("at", Codec.stored(at).toEpochMilli())
                    .bind("session", by.value())
                    .bind("id", id.value())
                    .bind("pending", SignalStatus.PENDING.wireName())
                    .bind("expected", expectedVersion)
                    .execute();
        }
        return changed == 1 ? find(id) : Optional.empty();
    }

    @Override
    public int sweep(Instant now) {
        try (Update delete = tx.writeHandle("signals.sweep")
                .createUpdate("DELETE FROM signals WHERE expires_at <= :now")) {
            return delete.bind("now", now.toEpochMilli()).execute();
        }
    }

    @Override
    public Optional<Instant> earliestExpiry() {
        try (Query query = tx.handle().createQuery("SELECT MIN(expires_at) FROM signals")) {
            return Optional.ofNullable(query.mapTo(Long.class).one()).map(Instant::ofEpochMilli);
        }
    }

    @Override
    public long latestId() {
        try (Query query = tx.handle().createQuery("SELECT COALESCE(MAX(id), 0) FROM signals")) {
            return query.mapTo(Long.class).one();
        }
    }

    private static StoredSignal map(ResultSet rs) throws SQLException {
        String ackedBy = rs.getString("acked_by_session");
        long ackedAt = rs.getLong("acked_at");
        boolean notAcked = rs.wasNull();
        return new StoredSignal(
                SignalId.of(rs.getLong("id")),
                NamespaceId.of(rs.getLong("namespace_id")),
                rs.getString("slug"),
                UserId.of(rs.getString("from_user")),
                rs.getString("from_agent"),
                SessionId.of(rs.getString("from_session")),
                UserId.of(rs.getString("to_user")),
                rs.getString("to_agent"),
                memories(rs.getString("memory_ids")),
                Instant.ofEpochMilli(rs.getLong("sent_at")),
                Instant.ofEpochMilli(rs.getLong("expires_at")),
                SignalStatus.fromWire(rs.getString("status")),
                Codec.instant(ackedAt, notAcked),
                ackedBy == null ? null : SessionId.of(ackedBy),
                rs.getLong("version"));
    }

    private static List<MemoryId> memories(String stored) {
        List<MemoryId> ids = new ArrayList<>();
        for (String id : stored.split(",")) {
            ids.add(MemoryId.of(Long.parseLong(id)));
        }
        return ids;
    }
}
