package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.ThreadEntry;
import dev.colony.spi.storage.TaskPostRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.Update;

/**
 * Thread posts read from {@code memories} by {@code task_id} (the {@code ix_memories_task_id} index),
 * and live working notes in {@code task_working_notes}.
 */
final class JdbcTaskPostRecords implements TaskPostRecords {

    private static final Comparator<Memory> NEWEST_FIRST = Comparator
            .comparing(Memory::createdAt, Comparator.reverseOrder())
            .thenComparing(m -> m.id().value(), Comparator.reverseOrder());

    private static final String ENTRY = "SELECT id, kind, session_id, created_at, reply_to FROM memories ";

    private final JdbcTransaction tx;

    JdbcTaskPostRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public List<ThreadEntry> timeline(TaskId task, int limit) {
        positive(limit);
        try (Query query = tx.handle().createQuery(ENTRY + "WHERE task_id = :task AND " + MemoryRows.LIVE + " ORDER BY id DESC LIMIT :limit")) {
            return query.bind("task", task.value()).bind("limit", limit).map(JdbcTaskPostRecords::entry).list();
        }
    }

    @Override
    public List<ThreadEntry> since(TaskId task, Instant after, SessionId excluded, int limit) {
        positive(limit);
        try (Query query = tx.handle().createQuery(ENTRY + "WHERE task_id = :task AND " + MemoryRows.LIVE + " AND created_at > :after "
                + "AND session_id <> :excluded ORDER BY id LIMIT :limit")) {
            return query.bind("task", task.value()).bind("after", after.toEpochMilli())
                    .bind("excluded", excluded.value()).bind("limit", limit)
                    .map(JdbcTaskPostRecords::entry).list();
        }
    }

    @Override
    public List<Memory> recentOfKinds(Collection<NamespaceId> namespaces, Collection<MemoryKind> kinds, Instant since,
            int limit) {
        NamespaceChunks.positive(limit);
        if (kinds.isEmpty()) {
            return List.of();
        }
        List<String> wanted = kinds.stream().map(MemoryKind::name).distinct().toList();
        return NamespaceChunks.list(namespaces, limit, NEWEST_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + MemoryRows.COLUMNS + " FROM memories "
                    + "WHERE namespace_id IN (<namespaces>) AND kind IN (<kinds>) AND created_at >= :since "
                    + "AND task_id IS NOT NULL AND retracted = FALSE AND " + MemoryRows.LIVE + " ORDER BY created_at DESC, id DESC LIMIT :limit")) {
                return query.bindList("namespaces", chunk).bindList("kinds", wanted)
                        .bind("since", since.toEpochMilli()).bind("limit", limit)
                        .map(MemoryRows::map).list();
            }
        });
    }

    @Override
    public Optional<WorkingNoteRow> workingNote(TaskId task, SessionId session) {
        try (Query query = tx.handle().createQuery("SELECT task_id, session_id, memory_id, updated_at, version "
                + "FROM task_working_notes WHERE task_id = :task AND session_id = :session")) {
            return query.bind("task", task.value()).bind("session", session.value())
                    .map((rs, ctx) -> new WorkingNoteRow(TaskId.of(rs.getLong("task_id")),
                            SessionId.of(rs.getString("session_id")), MemoryId.of(rs.getLong("memory_id")),
                            Instant.ofEpochMilli(rs.getLong("updated_at")), rs.getLong("version")))
                    .findOne();
        }
    }

    @Override
    public boolean putWorkingNote(TaskId task, SessionId session, MemoryId memory, long expectedVersion,
            Instant now) {
        var handle = tx.writeHandle("taskPosts.putWorkingNote");
        long at = Codec.stored(now).toEpochMilli();
        if (expectedVersion == 0) {
            if (workingNote(task, session).isPresent()) {
                return false;
            }
            try (Update insert = handle.createUpdate("INSERT INTO task_working_notes "
                    + "(task_id, session_id, memory_id, updated_at, version) VALUES (:task, :session, :memory, :at, 1)")) {
                insert.bind("task", task.value()).bind("session", session.value()).bind("memory", memory.value())
                        .bind("at", at).execute();
            }
            return true;
        }
        try (Update update = handle.createUpdate("UPDATE task_working_notes SET memory_id = :memory, updated_at = :at, "
                + "version = version + 1 WHERE task_id = :task AND session_id = :session AND version = :version")) {
            return update.bind("memory", memory.value()).bind("at", at).bind("task", task.value())
                    .bind("session", session.value()).bind("version", expectedVersion).execute() == 1;
        }
    }

    @Override
    public boolean retire(MemoryId note, Map<String, Object> metadata, Instant now) {
        long at = Codec.stored(now).toEpochMilli();
        tx.movedMemories();
        try (Update update = tx.writeHandle("taskPosts.retire").createUpdate("UPDATE memories SET metadata = :metadata, "
                + "expires_at = :at, updated_at = :at, rev = " + MemoryRows.NEXT_REV + " WHERE id = :id")) {
            return update.bind("metadata", Codec.writeMap(metadata)).bind("at", at).bind("id", note.value())
                    .execute() == 1;
        }
    }

    private static void positive(int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
    }

    private static ThreadEntry entry(ResultSet rs, StatementContext ctx) throws SQLException {
        long replyTo = rs.getLong("reply_to");
        MemoryId reply = rs.wasNull() ? null : MemoryId.of(replyTo);
        return new ThreadEntry(MemoryId.of(rs.getLong("id")), MemoryKind.of(rs.getString("kind")),
                SessionId.of(rs.getString("session_id")), Instant.ofEpochMilli(rs.getLong("created_at")), reply);
    }
}
