package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunStatus;
import dev.colony.spi.storage.RunRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.Update;

/** Runs in {@code runs}; times as epoch milliseconds, durations as milliseconds. */
final class JdbcRunRecords implements RunRecords {

    private static final String COLUMNS = "id, namespace_id, kind, agent, message, command, cwd, parent_id, task_id, "
            + "spawned_by, dispatched, status, blocked_on, question, answer, executor, result, error, prompt_tokens, "
            + "completion_tokens, exit_code, timeout_ms, active_ms, created_at, queued_at, started_at, ended_at, "
            + "notified, version";
    private static final String TERMINAL = "('" + RunStatus.FINISHED.wireName() + "', '" + RunStatus.FAILED.wireName()
            + "', '" + RunStatus.KILLED.wireName() + "')";
    private static final Comparator<StoredRun> NEWEST_FIRST = Comparator.comparing((StoredRun row) -> row.run()
            .createdAt()).thenComparing(row -> row.run().id().value()).reversed();

    private final JdbcTransaction tx;

    JdbcRunRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public void insert(StoredRun row) {
        Run run = row.run();
        try (Update insert = tx.writeHandle("runs.insert").createUpdate("INSERT INTO runs (" + COLUMNS
                + ", updated_at, listed) VALUES (:id, :namespace, :kind, :agent, :message, :command, :cwd, :parent, "
                + ":task, :spawnedBy, :dispatched, :status, :blockedOn, :question, :answer, :executor, :result, "
                + ":error, :promptTokens, :completionTokens, :exitCode, :timeout, :active, :createdAt, :queuedAt, "
                + ":startedAt, :endedAt, :notified, 1, :createdAt, :listed)")) {
            bindState(insert, row)
                    .bind("id", run.id().value())
                    .bind("namespace", row.namespace().value())
                    .bind("kind", run.kind().wireName())
                    .bind("agent", run.agent())
                    .bind("message", run.message())
                    .bind("command", run.command())
                    .bind("cwd", run.cwd())
                    .bind("parent", run.parent() == null ? null : run.parent().value())
                    .bind("task", run.task() == null ? null : run.task().value())
                    .bind("spawnedBy", run.spawnedBy().value())
                    .bind("dispatched", run.dispatched())
                    .bind("timeout", run.timeout().toMillis())
                    .bind("createdAt", Codec.stored(run.createdAt()).toEpochMilli())
                    .bind("notified", run.notified())
                    .bind("listed", !(run.notified() && run.status().terminal()))
                    .execute();
        }
    }

    @Override
    public Optional<StoredRun> find(RunId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE id = :id")) {
            return query.bind("id", id.value()).map((rs, ctx) -> row(rs)).findOne();
        }
    }

    @Override
    public List<StoredRun> findAll(Collection<RunId> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE id IN (<ids>)")) {
            return query.bindList("ids", ids.stream().map(RunId::value).distinct().toList())
                    .map((rs, ctx) -> row(rs)).list();
        }
    }

    @Override
    public List<StoredRun> executedBy(SessionId session) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE status IN "
                + "(:inProgress, :blocked, :queued) AND executor = :executor ORDER BY created_at, id")) {
            return query.bind("inProgress", RunStatus.IN_PROGRESS.wireName())
                    .bind("blocked", RunStatus.BLOCKED.wireName()).bind("queued", RunStatus.QUEUED.wireName())
                    .bind("executor", session.value()).map((rs, ctx) -> row(rs)).list();
        }
    }

    @Override
    public Optional<StoredRun> update(StoredRun next, Instant at) {
        int changed;
        try (Update update = tx.writeHandle("runs.update").createUpdate("UPDATE runs SET status = :status, "
                + "blocked_on = :blockedOn, question = :question, answer = :answer, executor = :executor, "
                + "result = :result, error = :error, prompt_tokens = :promptTokens, "
                + "completion_tokens = :completionTokens, exit_code = :exitCode, active_ms = :active, "
                + "queued_at = :queuedAt, started_at = :startedAt, ended_at = :endedAt, updated_at = :at, "
                + "version = version + 1 WHERE id = :id AND version = :version")) {
            changed = bindState(update, next)
                    .bind("at", Codec.stored(at).toEpochMilli())
                    .bind("id", next.run().id().value())
                    .bind("version", next.run().version())
                    .execute();
        }
        return changed == 0 ? Optional.empty() : find(next.run().id());
    }

    /** Binds the fields that change over a run's life. */
    private static <T extends SqlStatement<T>> T bindState(T statement, StoredRun row) {
        Run run = row.run();
        return statement.bind("status", run.status().wireName())
                .bind("blockedOn", run.blockedOn() == null ? null : run.blockedOn().wireName())
                .bind("question", run.question())
                .bind("answer", run.answer())
                .bind("executor", run.executor() == null ? null : run.executor().value())
                .bind("result", run.result())
                .bind("error", run.error())
                .bind("promptTokens", run.promptTokens())
                .bind("completionTokens", run.completionTokens())
                .bind("exitCode", run.exitCode())
                .bind("active", run.activeTime().toMillis())
                .bind("queuedAt", Codec.stored(row.queuedAt()).toEpochMilli())
                .bind("startedAt", Codec.millis(run.startedAt()))
                .bind("endedAt", Codec.millis(run.endedAt()));
    }

    @Override
    public int countInProgress() {
        try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM runs WHERE status = :status")) {
            return query.bind("status", RunStatus.IN_PROGRESS.wireName()).mapTo(Integer.class).one();
        }
    }

    @Override
    public Optional<StoredRun> nextQueued() {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE status = :status "
                + "AND dispatched = :dispatched ORDER BY queued_at, id LIMIT 1")) {
            return query.bind("status", RunStatus.QUEUED.wireName()).bind("dispatched", true)
                    .map((rs, ctx) -> row(rs)).findOne();
        }
    }

    @Override
    public List<StoredRun> inProgress(int limit) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE status = :status "
                + "ORDER BY started_at, id LIMIT :limit")) {
            return query.bind("status", RunStatus.IN_PROGRESS.wireName()).bind("limit", limit)
                    .map((rs, ctx) -> row(rs)).list();
        }
    }

    @Override
    public List<StoredRun> list(Collection<NamespaceId> namespaces, String agent, RunStatus status, RunId parent,
            int limit) {
        NamespaceChunks.positive(limit);
        return NamespaceChunks.list(namespaces, limit, NEWEST_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM runs WHERE namespace_id IN "
                    + "(<namespaces>)" + (agent == null ? "" : " AND agent = :agent")
                    + (status == null ? " AND listed = :listed" : " AND status = :status")
                    + (parent == null ? "" : " AND parent_id = :parent")
                    + " ORDER BY created_at DESC, id DESC LIMIT :limit")) {
                query.bindList("namespaces", chunk).bind("limit", limit);
                if (agent != null) {
                    query.bind("agent", agent);
                }
                if (status == null) {
                    query.bind("listed", true);
                } else {
                    query.bind("status", status.wireName());
                }
                if (parent != null) {
                    query.bind("parent", parent.value());
                }
                return query.map((rs, ctx) -> row(rs)).list();
            }
        });
    }

    @Override
    public boolean claimNotification(RunId id) {
        try (Update update = tx.writeHandle("runs.notify").createUpdate("UPDATE runs SET notified = :set, "
                + "listed = :unset WHERE id = :id AND notified = :unset AND status IN " + TERMINAL)) {
            return update.bind("set", true).bind("unset", false).bind("id", id.value()).execute() == 1;
        }
    }

    /** A run from a row of {@link #COLUMNS}, read by position. */
    private static StoredRun row(ResultSet rs) throws SQLException {
        String parent = rs.getString(8);
        long task = rs.getLong(9);
        TaskId thread = rs.wasNull() ? null : TaskId.of(task);
        String blockedOn = rs.getString(13);
        String executor = rs.getString(16);
        Run run = new Run(new RunId(rs.getString(1)), RunKind.fromWire(rs.getString(3)), rs.getString(4),
                rs.getString(5), rs.getString(6), rs.getString(7), parent == null ? null : new RunId(parent), thread,
                SessionId.of(rs.getString(10)), rs.getBoolean(11), RunStatus.fromWire(rs.getString(12)),
                blockedOn == null ? null : BlockedOn.fromWire(blockedOn), rs.getString(14), rs.getString(15),
                executor == null ? null : SessionId.of(executor), rs.getString(17), rs.getString(18),
                nullableLong(rs, 19), nullableLong(rs, 20), nullableInt(rs, 21), Duration.ofMillis(rs.getLong(22)),
                Duration.ofMillis(rs.getLong(23)), Instant.ofEpochMilli(rs.getLong(24)), instant(rs, 26),
                instant(rs, 27), rs.getBoolean(28), rs.getLong(29));
        return new StoredRun(NamespaceId.of(rs.getLong(2)), Instant.ofEpochMilli(rs.getLong(25)), run);
    }

    private static Long nullableLong(ResultSet rs, int column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? null : value;
    }

    private static Integer nullableInt(ResultSet rs, int column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }
}
