package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskLink;
import dev.colony.spi.storage.TaskLinkRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/** Task links in the {@code task_links} table, one row per pair, smaller id first. */
final class JdbcTaskLinkRecords implements TaskLinkRecords {

    private static final String COLUMNS = "low_id, high_id, created_at, created_by, note";

    private final JdbcTransaction tx;

    JdbcTaskLinkRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<TaskLink> find(TaskId lowId, TaskId highId) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM task_links "
                + "WHERE low_id = :low AND high_id = :high")) {
            return query.bind("low", lowId.value()).bind("high", highId.value())
                    .map(JdbcTaskLinkRecords::map).findOne();
        }
    }

    @Override
    public TaskLink insert(TaskId lowId, TaskId highId, SessionId createdBy, String note, Instant now) {
        TaskLink link = new TaskLink(lowId, highId, Codec.stored(now), createdBy, note);
        try (Update insert = tx.writeHandle("taskLinks.insert").createUpdate("INSERT INTO task_links (" + COLUMNS
                + ") VALUES (:low, :high, :at, :createdBy, :note)")) {
            insert.bind("low", lowId.value()).bind("high", highId.value())
                    .bind("at", link.createdAt().toEpochMilli()).bind("createdBy", createdBy.value())
                    .bind("note", note).execute();
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException sql && tx.dialect().isUniqueViolation(sql)) {
                throw new ColonyException(ErrorCode.DUPLICATE, "tasks " + lowId + " and " + highId
                        + " are already linked", e);
            }
            throw e;
        }
        return link;
    }

    @Override
    public List<TaskLink> of(TaskId task, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM task_links "
                + "WHERE low_id = :task OR high_id = :task ORDER BY created_at, low_id, high_id LIMIT :limit")) {
            return query.bind("task", task.value()).bind("limit", limit).map(JdbcTaskLinkRecords::map).list();
        }
    }

    @Override
    public boolean delete(TaskId lowId, TaskId highId) {
        try (Update delete = tx.writeHandle("taskLinks.delete").createUpdate(
                "DELETE FROM task_links WHERE low_id = :low AND high_id = :high")) {
            return delete.bind("low", lowId.value()).bind("high", highId.value()).execute() > 0;
        }
    }

    private static TaskLink map(ResultSet rs, StatementContext ctx) throws SQLException {
        return new TaskLink(TaskId.of(rs.getLong("low_id")), TaskId.of(rs.getLong("high_id")),
                Instant.ofEpochMilli(rs.getLong("created_at")), SessionId.of(rs.getString("created_by")),
                rs.getString("note"));
    }
}
