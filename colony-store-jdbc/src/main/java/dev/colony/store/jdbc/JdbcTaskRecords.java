package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.TaskRecords;
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

/** Tasks in the {@code tasks} table and their participants in {@code task_participants}. */
final class JdbcTaskRecords implements TaskRecords {

    private static final String COLUMNS =
            "id, namespace_id, title, repo_root, branch, status, created_by, created_at, updated_at, version";
    static final String PREFIXED_COLUMNS = "t.id, t.namespace_id, t.title, t.repo_root, t.branch, t.status, "
            + "t.created_by, t.created_at, t.updated_at, t.version";
    /** Latest change first, then larger id first: the order of every task listing. */
    static final Comparator<StoredTask> NEWEST_UPDATE_FIRST = Comparator
            .comparing(StoredTask::updatedAt, Comparator.reverseOrder())
            .thenComparing(t -> t.id().value(), Comparator.reverseOrder());
    /*
     * Run through prepared statements each connection keeps: every post on a thread reads the task,
     * checks the poster's participation and compares-and-sets the task's version.
     */
    private static final String FIND = "SELECT " + COLUMNS + " FROM tasks WHERE id = ?";
    private static final String TOUCH =
            "UPDATE tasks SET updated_at = ?, version = version + 1 WHERE id = ? AND version = ?";
    private static final String IS_PARTICIPANT =
            "SELECT COUNT(*) FROM task_participants WHERE task_id = ? AND session_id = ?";
    private static final String JOIN =
            "INSERT INTO task_participants (task_id, session_id, agent, joined_at) VALUES (?, ?, ?, ?)";

    private final JdbcTransaction tx;

    JdbcTaskRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredTask insert(NamespaceId namespace, String title, String repoRoot, String branch, SessionId createdBy,
            Instant now) {
        return insert(namespace, title, repoRoot, branch, TaskStatus.PENDING, createdBy, now);
    }

    /** Inserts a task with {@code status}; see {@link #insert(NamespaceId, String, String, String, SessionId, Instant)}. */
    StoredTask insert(NamespaceId namespace, String title, String repoRoot, String branch, TaskStatus status,
            SessionId createdBy, Instant now) {
        Handle handle = tx.writeHandle("tasks.insert");
        if (repoRoot != null && branch != null && findByRepoBranch(namespace, repoRoot, branch).isPresent()) {
            throw duplicate(repoRoot, branch, null);
        }
        Instant at = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate("INSERT INTO tasks (namespace_id, title, repo_root, branch, status, "
                + "created_by, created_at, updated_at, version) "
                + "VALUES (:namespace, :title, :repoRoot, :branch, :status, :createdBy, :at, :at, 1)")) {
            id = insert.bind("namespace", namespace.value())
                    .bind("title", title)
                    .bind("repoRoot", repoRoot)
                    .bind("branch", branch)
                    .bind("status", status.wireName())
                    .bind("createdBy", createdBy == null ? null : createdBy.value())
                    .bind("at", at.toEpochMilli())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException sql && tx.dialect().isUniqueViolation(sql)) {
                throw duplicate(repoRoot, branch, e);
            }
            throw e;
        }
        return new StoredTask(TaskId.of(id), namespace, title, repoRoot, branch, status, createdBy, at, at,
                1);
    }

    @Override
    public Optional<StoredTask> find(TaskId id) {
        return tx.connection().findOne(FIND, statement -> statement.setLong(1, id.value()), rs -> map(rs, null));
    }

    @Override
    public Optional<StoredTask> findByRepoBranch(NamespaceId namespace, String repoRoot, String branch) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM tasks "
                + "WHERE namespace_id = :namespace AND repo_root = :repoRoot AND branch = :branch")) {
            return query.bind("namespace", namespace.value()).bind("repoRoot", repoRoot).bind("branch", branch)
                    .map(JdbcTaskRecords::map).findOne();
        }
    }

    @Override
    public List<StoredTask> list(Collection<NamespaceId> namespaces, String repoRoot, String branch, int limit) {
        StringBuilder sql = new StringBuilder("SELECT ").append(COLUMNS)
                .append(" FROM tasks WHERE namespace_id IN (<namespaces>)");
        if (repoRoot != null) {
            sql.append(" AND repo_root = :repoRoot");
        }
        if (branch != null) {
            sql.append(" AND branch = :branch");
        }
        sql.append(" ORDER BY updated_at DESC, id DESC LIMIT :limit");
        return NamespaceChunks.list(namespaces, limit, NEWEST_UPDATE_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery(sql.toString())) {
                query.bindList("namespaces", chunk).bind("limit", limit);
                if (repoRoot != null) {
                    query.bind("repoRoot", repoRoot);
                }
                if (branch != null) {
                    query.bind("branch", branch);
                }
                return query.map(JdbcTaskRecords::map).list();
            }
        });
    }

    @Override
    public Optional<StoredTask> touch(TaskId id, long expectedVersion, Instant now) {
        long at = Codec.stored(now).toEpochMilli();
        int changed = tx.writeConnection("tasks.touch").update(TOUCH, statement -> {
            statement.setLong(1, at);
            statement.setLong(2, id.value());
            statement.setLong(3, expectedVersion);
        });
        return changed == 1 ? find(id) : Optional.empty();
    }

    @Override
    public boolean join(TaskId task, SessionId session, String agent, Instant now) {
        StoreConnection connection = tx.writeConnection("tasks.join");
        if (isParticipant(task, session)) {
            return false;
        }
        long at = Codec.stored(now).toEpochMilli();
        connection.update(JOIN, statement -> {
            statement.setLong(1, task.value());
            statement.setString(2, session.value());
            statement.setString(3, agent);
            statement.setLong(4, at);
        });
        return true;
    }

    @Override
    public List<Participant> participants(TaskId task, int limit) {
        positive(limit);
        try (Query query = tx.handle().createQuery("SELECT task_id, session_id, agent, joined_at FROM task_participants "
                + "WHERE task_id = :task ORDER BY joined_at, session_id LIMIT :limit")) {
            return query.bind("task", task.value()).bind("limit", limit)
                    .map((rs, ctx) -> new Participant(TaskId.of(rs.getLong("task_id")),
                            SessionId.of(rs.getString("session_id")), rs.getString("agent"),
                            Instant.ofEpochMilli(rs.getLong("joined_at"))))
                    .list();
        }
    }

    @Override
    public boolean isParticipant(TaskId task, SessionId session) {
        return tx.connection().findOne(IS_PARTICIPANT, statement -> {
            statement.setLong(1, task.value());
            statement.setString(2, session.value());
        }, rs -> rs.getLong(1)).orElse(0L) > 0;
    }

    @Override
    public List<Participation> participations(SessionId session, int limit) {
        positive(limit);
        try (Query query = tx.handle().createQuery("SELECT " + PREFIXED_COLUMNS + ", p.agent, p.joined_at "
                + "FROM task_participants p JOIN tasks t ON t.id = p.task_id WHERE p.session_id = :session "
                + "ORDER BY t.updated_at DESC, t.id DESC LIMIT :limit")) {
            return query.bind("session", session.value()).bind("limit", limit)
                    .map((rs, ctx) -> new Participation(map(rs, ctx), rs.getString("agent"),
                            Instant.ofEpochMilli(rs.getLong("joined_at"))))
                    .list();
        }
    }

    private static void positive(int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
    }

    private static ColonyException duplicate(String repoRoot, String branch, Throwable cause) {
        return new ColonyException(ErrorCode.DUPLICATE,
                "a task for repo_root '" + repoRoot + "' and branch '" + branch + "' already exists in this namespace",
                cause);
    }

    static StoredTask map(ResultSet rs, StatementContext ctx) throws SQLException {
        String createdBy = rs.getString("created_by");
        return new StoredTask(
                TaskId.of(rs.getLong("id")),
                NamespaceId.of(rs.getLong("namespace_id")),
                rs.getString("title"),
                rs.getString("repo_root"),
                rs.getString("branch"),
                TaskStatus.fromWire(rs.getString("status")),
                createdBy == null ? null : SessionId.of(createdBy),
                Instant.ofEpochMilli(rs.getLong("created_at")),
                Instant.ofEpochMilli(rs.getLong("updated_at")),
                rs.getLong("version"));
    }
}
