package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimState;
import dev.colony.spi.storage.ClaimRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/** File claims in the {@code file_claims} table. */
final class JdbcClaimRecords implements ClaimRecords {

    private static final String COLUMNS = "c.id, c.task_id, c.file_path, c.session_id, c.agent, c.state, c.claimed_at, "
            + "c.expires_at, c.baton_id, c.updated_at, c.version";
    private static final String FIND = "SELECT " + COLUMNS + " FROM file_claims c WHERE c.task_id = ? "
            + "AND c.file_path = ?";
    private static final Comparator<StoredClaim> NEWEST_CLAIM_FIRST = Comparator
            .comparing(StoredClaim::claimedAt, Comparator.reverseOrder())
            .thenComparing(StoredClaim::id, Comparator.reverseOrder());

    private final JdbcTransaction tx;

    JdbcClaimRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredClaim insert(TaskId task, String filePath, SessionId session, String agent, ClaimState state,
            Instant claimedAt, Instant expiresAt, MemoryId baton, Instant now) {
        Handle handle = tx.writeHandle("claims.insert");
        if (find(task, filePath).isPresent()) {
            throw duplicate(task, filePath, null);
        }
        Instant claimed = Codec.stored(claimedAt);
        Instant at = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate("INSERT INTO file_claims (task_id, file_path, session_id, agent, state, "
                + "claimed_at, expires_at, baton_id, updated_at, version) "
                + "VALUES (:task, :path, :session, :agent, :state, :claimed, :expires, :baton, :at, 1)")) {
            id = insert.bind("task", task.value())
                    .bind("path", filePath)
                    .bind("session", session.value())
                    .bind("agent", agent)
                    .bind("state", state.wireName())
                    .bind("claimed", claimed.toEpochMilli())
                    .bind("expires", Codec.millis(expiresAt))
                    .bind("baton", baton == null ? null : baton.value())
                    .bind("at", at.toEpochMilli())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException sql && tx.dialect().isUniqueViolation(sql)) {
                throw duplicate(task, filePath, e);
            }
            throw e;
        }
        return new StoredClaim(id, task, filePath, session, agent, state, claimed, Codec.stored(expiresAt), baton, at,
                1);
    }

    @Override
    public Optional<StoredClaim> find(TaskId task, String filePath) {
        // Every claim reads its file's row first (twice, with the insert's own check): one kept statement.
        return tx.connection().findOne(FIND, statement -> {
            statement.setLong(1, task.value());
            statement.setString(2, filePath);
        }, rs -> map(rs, null));
    }

    @Override
    public Optional<StoredClaim> compareAndSet(StoredClaim next, Instant now) {
        Handle handle = tx.writeHandle("claims.compareAndSet");
        int changed;
        try (Update update = handle.createUpdate("UPDATE file_claims SET session_id = :session, agent = :agent, "
                + "state = :state, claimed_at = :claimed, expires_at = :expires, baton_id = :baton, updated_at = :at, "
                + "version = version + 1 WHERE id = :id AND version = :version")) {
            changed = update.bind("session", next.session().value())
                    .bind("agent", next.agent())
                    .bind("state", next.state().wireName())
                    .bind("claimed", next.claimedAt().toEpochMilli())
                    .bind("expires", Codec.millis(next.expiresAt()))
                    .bind("baton", next.baton() == null ? null : next.baton().value())
                    .bind("at", now.toEpochMilli())
                    .bind("id", next.id())
                    .bind("version", next.version())
                    .execute();
        }
        if (changed != 1) {
            return Optional.empty();
        }
        return find(next.task(), next.filePath());
    }

    @Override
    public List<StoredClaim> listByTask(TaskId task, Collection<ClaimState> states, int limit) {
        positive(limit);
        if (states.isEmpty()) {
            return List.of();
        }
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM file_claims c "
                + "WHERE c.task_id = :task AND c.state IN (<states>) ORDER BY c.claimed_at DESC, c.id DESC LIMIT :limit")) {
            return query.bind("task", task.value()).bindList("states", wire(states)).bind("limit", limit)
                    .map(JdbcClaimRecords::map).list();
        }
    }

    @Override
    public List<StoredClaim> listByBaton(MemoryId baton) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM file_claims c "
                + "WHERE c.baton_id = :baton ORDER BY c.file_path")) {
            return query.bind("baton", baton.value()).map(JdbcClaimRecords::map).list();
        }
    }

    @Override
    public List<StoredClaim> listByNamespaces(Collection<NamespaceId> namespaces, Collection<ClaimState> states,
            int limit) {
        if (states.isEmpty()) {
            NamespaceChunks.positive(limit);
            return List.of();
        }
        return NamespaceChunks.list(namespaces, limit, NEWEST_CLAIM_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM file_claims c "
                    + "JOIN tasks t ON t.id = c.task_id WHERE t.namespace_id IN (<namespaces>) AND c.state IN (<states>) "
                    + "ORDER BY c.claimed_at DESC, c.id DESC LIMIT :limit")) {
                return query.bindList("namespaces", chunk).bindList("states", wire(states)).bind("limit", limit)
                        .map(JdbcClaimRecords::map).list();
            }
        });
    }

    private static List<String> wire(Collection<ClaimState> states) {
        return states.stream().map(ClaimState::wireName).distinct().toList();
    }

    private static void positive(int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
    }

    private static ColonyException duplicate(TaskId task, String filePath, Throwable cause) {
        return new ColonyException(ErrorCode.DUPLICATE, "task " + task + " already has a claim row for '" + filePath
                + "'", cause);
    }

    private static StoredClaim map(ResultSet rs, StatementContext ctx) throws SQLException {
        long expires = rs.getLong("expires_at");
        Instant expiresAt = Codec.instant(expires, rs.wasNull());
        long baton = rs.getLong("baton_id");
        MemoryId batonId = rs.wasNull() ? null : MemoryId.of(baton);
        return new StoredClaim(
                rs.getLong("id"),
                TaskId.of(rs.getLong("task_id")),
                rs.getString("file_path"),
                SessionId.of(rs.getString("session_id")),
                rs.getString("agent"),
                ClaimState.fromWire(rs.getString("state")),
                Instant.ofEpochMilli(rs.getLong("claimed_at")),
                expiresAt,
                batonId,
                Instant.ofEpochMilli(rs.getLong("updated_at")),
                rs.getLong("version"));
    }
}
