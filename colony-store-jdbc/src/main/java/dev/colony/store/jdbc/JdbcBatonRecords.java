package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import dev.colony.spi.storage.BatonRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/** Handoffs and relays in the {@code batons} table. */
final class JdbcBatonRecords implements BatonRecords {

    private static final String COLUMNS = "id, kind, task_id, status, from_session, from_agent, to_agent, details, files, "
            + "created_at, expires_at, resolved_by, resolved_at, note, updated_at, version";
    /** {@link #COLUMNS} of the {@code batons} table aliased {@code b}, for joins. */
    private static final String PREFIXED = "b." + COLUMNS.replace(", ", ", b.");

    private final JdbcTransaction tx;

    JdbcBatonRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredBaton insert(StoredBaton baton) {
        Handle handle = tx.writeHandle("batons.insert");
        if (find(baton.id()).isPresent()) {
            throw new ColonyException(ErrorCode.DUPLICATE, "baton " + baton.id() + " already exists");
        }
        try (Update insert = handle.createUpdate("INSERT INTO batons (" + COLUMNS + ") VALUES (:id, :kind, :task, "
                + ":status, :from, :fromAgent, :to, :details, :files, :created, :expires, :resolvedBy, :resolvedAt, "
                + ":note, :updated, 1)")) {
            insert.bind("id", baton.id().value())
                    .bind("kind", baton.kind().wireName())
                    .bind("task", baton.task().value())
                    .bind("status", baton.status().wireName())
                    .bind("from", baton.fromSession().value())
                    .bind("fromAgent", baton.fromAgent())
                    .bind("to", baton.toAgent())
                    .bind("details", Codec.writeMap(baton.details()))
                    .bind("files", Codec.writeList(baton.files()))
                    .bind("created", baton.createdAt().toEpochMilli())
                    .bind("expires", baton.expiresAt().toEpochMilli())
                    .bind("resolvedBy", baton.resolvedBy() == null ? null : baton.resolvedBy().value())
                    .bind("resolvedAt", Codec.millis(baton.resolvedAt()))
                    .bind("note", baton.note())
                    .bind("updated", baton.updatedAt().toEpochMilli())
                    .execute();
        }
        return find(baton.id()).orElseThrow();
    }

    @Override
    public Optional<StoredBaton> find(MemoryId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM batons WHERE id = :id")) {
            return query.bind("id", id.value()).map(JdbcBatonRecords::map).findOne();
        }
    }

    @Override
    public Optional<StoredBaton> compareAndSet(StoredBaton next, Instant now) {
        Handle handle = tx.writeHandle("batons.compareAndSet");
        int changed;
        try (Update update = handle.createUpdate("UPDATE batons SET status = :status, to_agent = :to, "
                + "resolved_by = :resolvedBy, resolved_at = :resolvedAt, note = :note, updated_at = :at, "
                + "version = version + 1 WHERE id = :id AND version = :version")) {
            changed = update.bind("status", next.status().wireName())
                    .bind("to", next.toAgent())
                    .bind("resolvedBy", next.resolvedBy() == null ? null : next.resolvedBy().value())
                    .bind("resolvedAt", Codec.millis(next.resolvedAt()))
                    .bind("note", next.note())
                    .bind("at", now.toEpochMilli())
                    .bind("id", next.id().value())
                    .bind("version", next.version())
                    .execute();
        }
        return changed == 1 ? find(next.id()) : Optional.empty();
    }

    @Override
    public List<StoredBaton> listByTask(TaskId task, BatonKind kind, Collection<BatonStatus> statuses, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        if (statuses.isEmpty()) {
            return List.of();
        }
        String sql = "SELECT " + COLUMNS + " FROM batons WHERE task_id = :task AND status IN (<statuses>)"
                + (kind == null ? "" : " AND kind = :kind") + " ORDER BY id DESC LIMIT :limit";
        try (Query query = tx.handle().createQuery(sql)) {
            query.bind("task", task.value())
                    .bindList("statuses", statuses.stream().map(BatonStatus::wireName).distinct().toList())
                    .bind("limit", limit);
            if (kind != null) {
                query.bind("kind", kind.wireName());
            }
            return query.map(JdbcBatonRecords::map).list();
        }
    }

    @Override
    public List<StoredBaton> listByNamespaces(Collection<NamespaceId> namespaces, Collection<BatonStatus> statuses,
            int limit) {
        NamespaceChunks.positive(limit);
        if (statuses.isEmpty()) {
            return List.of();
        }
        List<String> wanted = statuses.stream().map(BatonStatus::wireName).distinct().toList();
        return NamespaceChunks.list(namespaces, limit, Comparator.comparing((StoredBaton b) -> b.id().value()).reversed(),
                chunk -> {
                    try (Query query = tx.handle().createQuery("SELECT " + PREFIXED + " FROM batons b JOIN tasks t "
                            + "ON t.id = b.task_id WHERE t.namespace_id IN (<namespaces>) AND b.status IN (<statuses>) "
                            + "ORDER BY b.id DESC LIMIT :limit")) {
                        return query.bindList("namespaces", chunk).bindList("statuses", wanted).bind("limit", limit)
                                .map(JdbcBatonRecords::map).list();
                    }
                });
    }

    private static StoredBaton map(ResultSet rs, StatementContext ctx) throws SQLException {
        String resolvedBy = rs.getString("resolved_by");
        long resolvedAt = rs.getLong("resolved_at");
        Instant resolved = Codec.instant(resolvedAt, rs.wasNull());
        String kind = rs.getString("kind");
        String status = rs.getString("status");
        BatonKind parsedKind = BatonKind.fromWire(kind);
        BatonStatus parsedStatus = BatonStatus.fromWire(status);
        if (parsedKind == null || parsedStatus == null) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "baton " + rs.getLong("id") + " has an unknown kind '"
                    + kind + "' or status '" + status + "'");
        }
        return new StoredBaton(
                MemoryId.of(rs.getLong("id")),
                parsedKind,
                TaskId.of(rs.getLong("task_id")),
                parsedStatus,
                SessionId.of(rs.getString("from_session")),
                rs.getString("from_agent"),
                rs.getString("to_agent"),
                Codec.readMap(rs.getString("details")),
                Codec.readList(rs.getString("files")),
                Instant.ofEpochMilli(rs.getLong("created_at")),
                Instant.ofEpochMilli(rs.getLong("expires_at")),
                resolvedBy == null ? null : SessionId.of(resolvedBy),
                resolved,
                rs.getString("note"),
                Instant.ofEpochMilli(rs.getLong("updated_at")),
                rs.getLong("version"));
    }
}
