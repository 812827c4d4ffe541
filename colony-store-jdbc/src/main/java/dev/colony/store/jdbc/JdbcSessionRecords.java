package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.SessionRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Sessions in the {@code sessions} table. */
final class JdbcSessionRecords implements SessionRecords {

    private static final String COLUMNS =
            "id, user_id, agent, ide, cwd, repo_root, branch, started_at, ended_at, last_seen";

    /** Run through prepared statements each connection keeps: core reads and touches the session on every write. */
    private static final String FIND = "SELECT " + COLUMNS + " FROM sessions WHERE id = ?";
    private static final String TOUCH =
            "UPDATE sessions SET last_seen = CASE WHEN last_seen < ? THEN ? ELSE last_seen END WHERE id = ?";

    private final JdbcTransaction tx;

    JdbcSessionRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Session upsert(Session session) {
        Handle handle = tx.writeHandle("sessions.upsert");
        Optional<Session> existing = find(session.id());
        if (existing.isEmpty()) {
            Session stored = new Session(session.id(), session.user(), session.agent(), session.ide(), session.cwd(),
                    session.repoRoot(), session.branch(), Codec.stored(session.startedAt()),
                    Codec.stored(session.endedAt()), Codec.stored(session.lastSeen()));
            try (Update insert = handle.createUpdate("INSERT INTO sessions (" + COLUMNS + ") VALUES "
                    + "(:id, :user, :agent, :ide, :cwd, :repoRoot, :branch, :startedAt, :endedAt, :lastSeen)")) {
                insert.bind("id", stored.id().value())
                        .bind("user", stored.user().value())
                        .bind("agent", stored.agent())
                        .bind("ide", stored.ide())
                        .bind("cwd", stored.cwd())
                        .bind("repoRoot", stored.repoRoot())
                        .bind("branch", stored.branch())
                        .bind("startedAt", stored.startedAt().toEpochMilli())
                        .bind("endedAt", Codec.millis(stored.endedAt()))
                        .bind("lastSeen", stored.lastSeen().toEpochMilli())
                        .execute();
            }
            return stored;
        }
        Session old = existing.get();
        Instant lastSeen = Codec.stored(session.lastSeen());
        Session merged = new Session(old.id(), old.user(), old.agent(),
                old.ide() != null ? old.ide() : session.ide(),
                old.cwd() != null ? old.cwd() : session.cwd(),
                old.repoRoot() != null ? old.repoRoot() : session.repoRoot(),
                old.branch() != null ? old.branch() : session.branch(),
                old.startedAt(), old.endedAt(),
                lastSeen.isAfter(old.lastSeen()) ? lastSeen : old.lastSeen());
        if (!merged.equals(old)) {
            try (Update update = handle.createUpdate("UPDATE sessions SET ide = :ide, cwd = :cwd, "
                    + "repo_root = :repoRoot, branch = :branch, last_seen = :lastSeen WHERE id = :id")) {
                update.bind("id", merged.id().value())
                        .bind("ide", merged.ide())
                        .bind("cwd", merged.cwd())
                        .bind("repoRoot", merged.repoRoot())
                        .bind("branch", merged.branch())
                        .bind("lastSeen", merged.lastSeen().toEpochMilli())
                        .execute();
            }
        }
        return merged;
    }

    @Override
    public Optional<Session> find(SessionId id) {
        return tx.connection().findOne(FIND, statement -> statement.setString(1, id.value()), JdbcSessionRecords::map);
    }

    @Override
    public boolean touch(SessionId id, Instant now) {
        long millis = now.toEpochMilli();
        return tx.writeConnection("sessions.touch").update(TOUCH, statement -> {
            statement.setLong(1, millis);
            statement.setLong(2, millis);
            statement.setString(3, id.value());
        }) > 0;
    }

    @Override
    public boolean end(SessionId id, Instant now) {
        Handle handle = tx.writeHandle("sessions.end");
        try (Update update = handle.createUpdate(
                "UPDATE sessions SET ended_at = COALESCE(ended_at, :now) WHERE id = :id")) {
            return update.bind("id", id.value()).bind("now", now.toEpochMilli()).execute() > 0;
        }
    }

    @Override
    public List<Session> listByUser(UserId user, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM sessions WHERE user_id = :user "
                + "ORDER BY started_at DESC, id DESC LIMIT :limit")) {
            return query.bind("user", user.value()).bind("limit", limit).map((rs, ctx) -> map(rs)).list();
        }
    }

    private static Session map(ResultSet rs) throws SQLException {
        long endedAt = rs.getLong("ended_at");
        boolean open = rs.wasNull();
        return new Session(
                SessionId.of(rs.getString("id")),
                UserId.of(rs.getString("user_id")),
                rs.getString("agent"),
                rs.getString("ide"),
                rs.getString("cwd"),
                rs.getString("repo_root"),
                rs.getString("branch"),
                Instant.ofEpochMilli(rs.getLong("started_at")),
                Codec.instant(endedAt, open),
                Instant.ofEpochMilli(rs.getLong("last_seen")));
    }
}
