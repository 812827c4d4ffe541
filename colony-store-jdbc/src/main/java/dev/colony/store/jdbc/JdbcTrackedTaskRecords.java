package dev.colony.store.jdbc;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import dev.colony.spi.storage.TrackedTaskRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/**
 * Tracked tasks in the {@code tasks} table, their checklists in {@code memories}: the feed is one query per
 * chunk of namespaces, the checklist joined to each task.
 */
final class JdbcTrackedTaskRecords implements TrackedTaskRecords {

    /** Namespaces per statement: one sub-select each, well below every engine's limits. */
    private static final int PER_STATEMENT = 64;
    private static final Comparator<FeedRow> NEWEST_UPDATE_FIRST =
            Comparator.comparing(FeedRow::task, JdbcTaskRecords.NEWEST_UPDATE_FIRST);

    private final JdbcTransaction tx;
    private final JdbcTaskRecords tasks;

    JdbcTrackedTaskRecords(JdbcTransaction tx, JdbcTaskRecords tasks) {
        this.tx = tx;
        this.tasks = tasks;
    }

    @Override
    public StoredTask insert(NamespaceId namespace, String title, TaskStatus status, SessionId createdBy,
            Instant now) {
        return tasks.insert(namespace, title, null, null, status, createdBy, now);
    }

    @Override
    public void attachChecklist(TaskId task, MemoryId checklist) {
        try (Update update = tx.writeHandle("trackedTasks.attachChecklist")
                .createUpdate("UPDATE tasks SET checklist_id = :checklist, checklist_expires_at = (SELECT expires_at "
                        + "FROM memories WHERE id = :checklist), checklist_retracted = (SELECT CASE WHEN "
                        + "retracted = TRUE OR forgotten_at IS NOT NULL THEN TRUE ELSE FALSE END FROM memories "
                        + "WHERE id = :checklist) WHERE id = :id")) {
            update.bind("checklist", checklist.value()).bind("id", task.value()).execute();
        }
    }

    @Override
    public Optional<TaskId> taskOf(MemoryId memory) {
        try (Query query = tx.handle().createQuery("SELECT id FROM tasks WHERE checklist_id = :memory")) {
            return query.bind("memory", memory.value()).mapTo(Long.class).findFirst().map(TaskId::of);
        }
    }

    @Override
    public Optional<StoredTask> update(TaskId task, long expectedVersion, String title, TaskStatus status,
            Instant now) {
        int changed;
        try (Update update = tx.writeHandle("trackedTasks.update").createUpdate("UPDATE tasks SET title = :title, "
                + "status = :status, updated_at = :at, version = version + 1 WHERE id = :id AND version = :expected")) {
            changed = update.bind("title", title).bind("status", status.wireName())
                    .bind("at", Codec.stored(now).toEpochMilli()).bind("id", task.value())
                    .bind("expected", expectedVersion).execute();
        }
        return changed == 1 ? tasks.find(task) : Optional.empty();
    }

    @Override
    public List<FeedRow> feed(FeedQuery feed) {
        NamespaceChunks.positive(feed.limit());
        List<Long> namespaces = feed.namespaces().stream().map(NamespaceId::value).sorted().toList();
        List<FeedRow> rows = new ArrayList<>();
        for (int from = 0; from < namespaces.size(); from += PER_STATEMENT) {
            rows.addAll(feed(feed, namespaces.subList(from, Math.min(namespaces.size(), from + PER_STATEMENT))));
        }
        rows.sort(NEWEST_UPDATE_FIRST);
        return rows.size() > feed.limit() ? List.copyOf(rows.subList(0, feed.limit())) : rows;
    }

    /**
     * The newest rows of {@code namespaces}: one statement, each namespace's newest rows read in index order
     * by its own sub-select over tasks alone (a task mirrors its checklist's expiry and retraction), the union
     * sorted and cut, and only then the checklists of the rows returned joined in: the cost follows the rows
     * returned, not the tasks stored (one range over many namespaces would sort every task they hold).
     */
    private List<FeedRow> feed(FeedQuery feed, List<Long> namespaces) {
        StringBuilder filters = new StringBuilder(" AND t.checklist_retracted = FALSE AND (t.checklist_expires_at IS "
                + "NULL OR t.checklist_expires_at > :now)");
        if (feed.since() != null) {
            filters.append(" AND t.updated_at > :since");
        }
        if (feed.status() != null) {
            filters.append(" AND t.status = :status");
        }
        if (feed.topic() != null) {
            filters.append(" AND EXISTS (SELECT 1 FROM memories m WHERE m.id = t.checklist_id AND m.topics LIKE "
                    + ":topic ESCAPE '!')");
        }
        StringBuilder newest = new StringBuilder();
        for (int i = 0; i < namespaces.size(); i++) {
            newest.append(i == 0 ? "" : " UNION ALL ").append("SELECT * FROM (SELECT ")
                    .append(JdbcTaskRecords.PREFIXED_COLUMNS).append(", t.checklist_id FROM tasks t WHERE t.namespace_id "
                            + "= :namespace").append(i).append(filters)
                    .append(" ORDER BY t.updated_at DESC, t.id DESC LIMIT :limit) f").append(i);
        }
        String sql = "SELECT u.*, m.content, m.topics FROM (" + newest + " ORDER BY updated_at DESC, id DESC "
                + "LIMIT :limit) u LEFT JOIN memories m ON m.id = u.checklist_id ORDER BY u.updated_at DESC, u.id DESC";
        try (Query query = tx.handle().createQuery(sql)) {
            for (int i = 0; i < namespaces.size(); i++) {
                query.bind("namespace" + i, namespaces.get(i));
            }
            query.bind("now", feed.now().toEpochMilli()).bind("limit", feed.limit());
            if (feed.since() != null) {
                query.bind("since", feed.since().toEpochMilli());
            }
            if (feed.status() != null) {
                query.bind("status", feed.status().wireName());
            }
            if (feed.topic() != null) {
                query.bind("topic", Codec.listElementPattern(feed.topic()));
            }
            return query.map((rs, ctx) -> {
                long checklist = rs.getLong("checklist_id");
                boolean none = rs.wasNull();
                return new FeedRow(JdbcTaskRecords.map(rs, ctx), none ? null : MemoryId.of(checklist),
                        rs.getString("content"), none ? List.of() : Codec.readList(rs.getString("topics")));
            }).list();
        }
    }
}
