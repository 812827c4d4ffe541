package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.TaskRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/** Tasks in the {@code tasks} table. */
final class JdbcTaskRecords implements TaskRecords {

    private static final String COLUMNS = "id, namespace_id, title, repo_root, branch, status, updated_at, version";

    private final JdbcTransaction tx;

    JdbcTaskRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public StoredTask insert(NamespaceId namespace, String title, String repoRoot, String branch, Instant now) {
        Handle handle = tx.writeHandle("tasks.insert");
        if (repoRoot != null && branch != null) {
            try (Query query = handle.createQuery("SELECT COUNT(*) FROM tasks "
                    + "WHERE namespace_id = :namespace AND repo_root = :repoRoot AND branch = :branch")) {
                long clashes = query.bind("namespace", namespace.value()).bind("repoRoot", repoRoot)
                        .bind("branch", branch).mapTo(Long.class).one();
                if (clashes > 0) {
                    throw duplicate(repoRoot, branch, null);
                }
            }
        }
        Instant updatedAt = Codec.stored(now);
        long id;
        try (Update insert = handle.createUpdate("INSERT INTO tasks (namespace_id, title, repo_root, branch, status, "
                + "updated_at, version) VALUES (:namespace, :title, :repoRoot, :branch, :status, :updatedAt, 1)")) {
            id = insert.bind("namespace", namespace.value())
                    .bind("title", title)
                    .bind("repoRoot", repoRoot)
                    .bind("branch", branch)
                    .bind("status", TaskStatus.PENDING.wireName())
                    .bind("updatedAt", updatedAt.toEpochMilli())
                    .executeAndReturnGeneratedKeys("id")
                    .mapTo(Long.class)
                    .one();
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException sql && tx.dialect().isUniqueViolation(sql)) {
                throw duplicate(repoRoot, branch, e);
            }
            throw e;
        }
        return new StoredTask(TaskId.of(id), namespace, title, repoRoot, branch, TaskStatus.PENDING, updatedAt, 1);
    }

    @Override
    public Optional<StoredTask> find(TaskId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM tasks WHERE id = :id")) {
            return query.bind("id", id.value()).map(JdbcTaskRecords::map).findOne();
        }
    }

    private static ColonyException duplicate(String repoRoot, String branch, Throwable cause) {
        return new ColonyException(ErrorCode.DUPLICATE,
                "a task for repo_root '" + repoRoot + "' and branch '" + branch + "' already exists in this namespace",
                cause);
    }

    private static StoredTask map(ResultSet rs, StatementContext ctx) throws SQLException {
        return new StoredTask(
                TaskId.of(rs.getLong("id")),
                NamespaceId.of(rs.getLong("namespace_id")),
                rs.getString("title"),
                rs.getString("repo_root"),
                rs.getString("branch"),
                TaskStatus.fromWire(rs.getString("status")),
                Instant.ofEpochMilli(rs.getLong("updated_at")),
                rs.getLong("version"));
    }
}
