package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.activity.FileEdit;
import dev.colony.spi.storage.FileEditRecords;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/** Recorded file edits in the {@code file_edits} table. */
final class JdbcFileEditRecords implements FileEditRecords {

    private static final Comparator<FileEdit> NEWEST_FIRST =
            Comparator.comparing(FileEdit::editedAt, Comparator.reverseOrder());

    private final JdbcTransaction tx;

    JdbcFileEditRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public void insert(FileEdit edit) {
        try (Update insert = tx.writeHandle("fileEdits.insert").createUpdate("INSERT INTO file_edits "
                + "(task_id, file_path, session_id, agent, edited_at) VALUES (:task, :path, :session, :agent, :at)")) {
            insert.bind("task", edit.task().value())
                    .bind("path", edit.filePath())
                    .bind("session", edit.session().value())
                    .bind("agent", edit.agent())
                    .bind("at", Codec.stored(edit.editedAt()).toEpochMilli())
                    .execute();
        }
    }

    @Override
    public List<FileEdit> since(Collection<NamespaceId> namespaces, Instant since, int limit) {
        return NamespaceChunks.list(namespaces, limit, NEWEST_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT e.task_id, e.file_path, e.session_id, e.agent, "
                    + "e.edited_at FROM file_edits e JOIN tasks t ON t.id = e.task_id "
                    + "WHERE t.namespace_id IN (<namespaces>) AND e.edited_at >= :since "
                    + "ORDER BY e.edited_at DESC, e.id DESC LIMIT :limit")) {
                return query.bindList("namespaces", chunk).bind("since", since.toEpochMilli()).bind("limit", limit)
                        .map((rs, ctx) -> new FileEdit(TaskId.of(rs.getLong("task_id")), rs.getString("file_path"),
                                SessionId.of(rs.getString("session_id")), rs.getString("agent"),
                                Instant.ofEpochMilli(rs.getLong("edited_at"))))
                        .list();
            }
        });
    }
}
