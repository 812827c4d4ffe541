package dev.colony.store.jdbc;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.plan.PlanStatus;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.spi.storage.PlanRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/**
 * Plans in {@code plans} and sub-tasks in {@code plan_subtasks}. A sub-task's dependencies are stored as
 * comma-separated indices, its file scope and a plan's criteria as JSON arrays.
 */
final class JdbcPlanRecords implements PlanRecords {

    private static final String PLAN_COLUMNS = "id, namespace_id, repo_root, slug, title, problem, acceptance, "
            + "auto_archive, archive_grace, spec_task_id, status, created_by, created_at, archive_due_at, archived_at, "
            + "updated_at, version";
    private static final String SUBTASK_COLUMNS = "plan_id, subtask_index, title, description, file_scope, "
            + "depends_on, capability_hint, wave, finalizer, task_id, status, claimed_by, claimed_agent, claimed_at, "
            + "completed_at, summary, blocked_reason, updated_at, version, spec_row_id";
    private static final String BY_SLUG = "SELECT " + PLAN_COLUMNS + " FROM plans WHERE slug = ? ORDER BY id";
    private static final String SUBTASKS_OF_PLAN = "SELECT " + SUBTASK_COLUMNS + " FROM plan_subtasks "
            + "WHERE plan_id = ? ORDER BY subtask_index";
    private static final String SUBTASK_BY_INDEX = "SELECT " + SUBTASK_COLUMNS + " FROM plan_subtasks "
            + "WHERE plan_id = ? AND subtask_index = ?";
    private static final String STATUSES = "SELECT subtask_index, status FROM plan_subtasks WHERE plan_id = ? "
            + "ORDER BY subtask_index";
    private static final String UPDATE_SUBTASK = "UPDATE plan_subtasks SET status = ?, claimed_by = ?, "
            + "claimed_agent = ?, claimed_at = ?, completed_at = ?, summary = ?, blocked_reason = ?, updated_at = ?, "
            + "version = version + 1 WHERE plan_id = ? AND subtask_index = ? AND version = ?";
    private static final Comparator<StoredPlan> NEWEST_FIRST = Comparator.comparing(StoredPlan::createdAt)
            .thenComparingLong(StoredPlan::id).reversed();

    private final JdbcTransaction tx;

    JdbcPlanRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Optional<StoredPlan> insert(NewPlan plan, List<NewSubtask> subtasks) {
        if (!findBySlug(List.of(plan.namespace()), plan.repoRoot(), plan.slug()).isEmpty()) {
            return Optional.empty();
        }
        Handle handle = tx.writeHandle("plans.insert");
        long at = Codec.stored(plan.createdAt()).toEpochMilli();
        long id;
        try (Update insert = handle.createUpdate("INSERT INTO plans (namespace_id, repo_root, slug, title, problem, "
                + "acceptance, auto_archive, archive_grace, spec_task_id, status, created_by, created_at, updated_at, "
                + "version) VALUES (:namespace, :repoRoot, :slug, :title, :problem, :acceptance, :autoArchive, :grace, "
                + ":specTask, :status, :createdBy, :at, :at, 1)")) {
            id = insert.bind("namespace", plan.namespace().value())
                    .bind("repoRoot", plan.repoRoot())
                    .bind("slug", plan.slug())
                    .bind("title", plan.title())
                    .bind("problem", plan.problem())
                    .bind("acceptance", Codec.writeList(plan.acceptance()))
                    .bind("autoArchive", plan.autoArchive())
                    .bind("grace", plan.archiveGrace().toMillis())
                    .bind("specTask", plan.specTask().value())
                    .bind("status", PlanStatus.OPEN.wireName())
                    .bind("createdBy", plan.createdBy().value())
                    .bind("at", at)
                    .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        }
        for (NewSubtask subtask : subtasks) {
            try (Update insert = handle.createUpdate("INSERT INTO plan_subtasks (plan_id, subtask_index, title, "
                    + "description, file_scope, depends_on, capability_hint, wave, finalizer, task_id, status, "
                    + "updated_at, version, spec_row_id) VALUES (:plan, :index, :title, :description, :fileScope, "
                    + ":dependsOn, :capability, :wave, :finalizer, :task, :status, :at, 1, :specRow)")) {
                insert.bind("plan", id)
                        .bind("index", subtask.index())
                        .bind("title", subtask.title())
                        .bind("description", subtask.description())
                        .bind("fileScope", Codec.writeList(subtask.fileScope()))
                        .bind("dependsOn", writeIndices(subtask.dependsOn()))
                        .bind("capability", subtask.capabilityHint())
                        .bind("wave", subtask.wave())
                        .bind("finalizer", subtask.finalizer())
                        .bind("task", subtask.task().value())
                        .bind("status", SubtaskStatus.AVAILABLE.wireName())
                        .bind("at", at)
                        .bind("specRow", subtask.specRowId())
                        .execute();
            }
        }
        return find(id);
    }

    private Optional<StoredPlan> find(long id) {
        try (Query query = tx.handle().createQuery("SELECT " + PLAN_COLUMNS + " FROM plans WHERE id = :id")) {
            return query.bind("id", id).map((rs, ctx) -> plan(rs)).findOne();
        }
    }

    @Override
    public List<StoredPlan> findBySlug(Collection<NamespaceId> namespaces, String repoRoot, String slug) {
        // One kept statement by slug (a handful of rows), filtered here: the namespaces vary call by call.
        return tx.connection().list(BY_SLUG, statement -> statement.setString(1, slug), JdbcPlanRecords::plan)
                .stream().filter(plan -> namespaces.contains(plan.namespace())
                        && (repoRoot == null || repoRoot.equals(plan.repoRoot()))).toList();
    }

    @Override
    public List<StoredPlan> list(Collection<NamespaceId> namespaces, String repoRoot, boolean includeArchived,
            int limit) {
        NamespaceChunks.positive(limit);
        return NamespaceChunks.list(namespaces, limit, NEWEST_FIRST, chunk -> {
            try (Query query = tx.handle().createQuery("SELECT " + PLAN_COLUMNS + " FROM plans WHERE namespace_id IN "
                    + "(<namespaces>)" + (repoRoot == null ? "" : " AND repo_root = :repoRoot")
                    + (includeArchived ? "" : " AND status = :open")
                    + " ORDER BY created_at DESC, id DESC LIMIT :limit")) {
                query.bindList("namespaces", chunk).bind("limit", limit);
                if (repoRoot != null) {
                    query.bind("repoRoot", repoRoot);
                }
                if (!includeArchived) {
                    query.bind("open", PlanStatus.OPEN.wireName());
                }
                return query.map((rs, ctx) -> plan(rs)).list();
            }
        });
    }

    @Override
    public Map<Long, List<StoredSubtask>> subtasks(Collection<Long> plans) {
        Map<Long, List<StoredSubtask>> byPlan = new LinkedHashMap<>();
        if (plans.size() == 1) {
            long plan = plans.iterator().next();
            byPlan.put(plan, List.copyOf(tx.connection().list(SUBTASKS_OF_PLAN, statement -> statement.setLong(1, plan),
                    JdbcPlanRecords::subtask)));
            return byPlan;
        }
        if (plans.isEmpty()) {
            return byPlan;
        }
        plans.forEach(plan -> byPlan.put(plan, new ArrayList<>()));
        try (Query query = tx.handle().createQuery("SELECT " + SUBTASK_COLUMNS + " FROM plan_subtasks WHERE plan_id "
                + "IN (<plans>) ORDER BY plan_id, subtask_index")) {
            query.bindList("plans", List.copyOf(plans)).map((rs, ctx) -> subtask(rs))
                    .forEach(subtask -> byPlan.get(subtask.plan()).add(subtask));
        }
        byPlan.replaceAll((plan, subtasks) -> List.copyOf(subtasks));
        return byPlan;
    }

    @Override
    public Optional<StoredSubtask> subtask(long plan, int index) {
        return tx.connection().findOne(SUBTASK_BY_INDEX, statement -> {
            statement.setLong(1, plan);
            statement.setInt(2, index);
        }, JdbcPlanRecords::subtask);
    }

    @Override
    public Map<Integer, SubtaskStatus> statuses(long plan) {
        Map<Integer, SubtaskStatus> statuses = new LinkedHashMap<>();
        tx.connection().list(STATUSES, statement -> statement.setLong(1, plan),
                rs -> Map.entry(rs.getInt(1), SubtaskStatus.fromWire(rs.getString(2))))
                .forEach(entry -> statuses.put(entry.getKey(), entry.getValue()));
        return statuses;
    }

    @Override
    public Optional<StoredSubtask> update(StoredSubtask next) {
        int changed = tx.writeConnection("plans.updateSubtask").update(UPDATE_SUBTASK, statement -> {
            statement.setString(1, next.status().wireName());
            Parameters.setString(statement, 2, next.claimedBy() == null ? null : next.claimedBy().value());
            Parameters.setString(statement, 3, next.claimedAgent());
            Parameters.setLong(statement, 4, Codec.millis(next.claimedAt()));
            Parameters.setLong(statement, 5, Codec.millis(next.completedAt()));
            Parameters.setString(statement, 6, next.summary());
            Parameters.setString(statement, 7, next.blockedReason());
            statement.setLong(8, Codec.stored(next.updatedAt()).toEpochMilli());
            statement.setLong(9, next.plan());
            statement.setInt(10, next.index());
            statement.setLong(11, next.version());
        });
        return changed == 0 ? Optional.empty() : Optional.of(new StoredSubtask(next.plan(), next.index(),
                next.title(), next.description(), next.fileScope(), next.dependsOn(), next.capabilityHint(),
                next.wave(), next.finalizer(), next.task(), next.status(), next.claimedBy(), next.claimedAgent(),
                Codec.stored(next.claimedAt()), Codec.stored(next.completedAt()), next.summary(),
                next.blockedReason(), Codec.stored(next.updatedAt()), next.version() + 1, next.specRowId()));
    }

    @Override
    public Optional<StoredPlan> update(StoredPlan next) {
        int changed;
        try (Update update = tx.writeHandle("plans.updatePlan").createUpdate("UPDATE plans SET status = :status, "
                + "archive_due_at = :dueAt, archived_at = :archivedAt, updated_at = :at, version = version + 1 "
                + "WHERE id = :id AND version = :version")) {
            changed = update.bind("status", next.status().wireName())
                    .bind("dueAt", Codec.millis(next.archiveDueAt()))
                    .bind("archivedAt", Codec.millis(next.archivedAt()))
                    .bind("at", Codec.stored(next.updatedAt()).toEpochMilli())
                    .bind("id", next.id())
                    .bind("version", next.version())
                    .execute();
        }
        return changed == 0 ? Optional.empty() : find(next.id());
    }

    @Override
    public List<StoredSubtask> claimedBy(SessionId session) {
        try (Query query = tx.handle().createQuery("SELECT " + SUBTASK_COLUMNS + " FROM plan_subtasks WHERE "
                + "claimed_by = :session AND status = :claimed ORDER BY claimed_at, plan_id, subtask_index")) {
            return query.bind("session", session.value()).bind("claimed", SubtaskStatus.CLAIMED.wireName())
                    .map((rs, ctx) -> subtask(rs)).list();
        }
    }

    @Override
    public List<Binding> boundTo(Collection<NamespaceId> namespaces, String repoRoot, String specRowId) {
        // Few sub-tasks bind one row (one per open plan at most), so the plans are read one by one.
        List<Binding> bound = new ArrayList<>();
        try (Query query = tx.handle().createQuery("SELECT " + SUBTASK_COLUMNS + " FROM plan_subtasks WHERE "
                + "spec_row_id = :row ORDER BY plan_id, subtask_index")) {
            for (StoredSubtask subtask : query.bind("row", specRowId).map((rs, ctx) -> subtask(rs)).list()) {
                find(subtask.plan()).filter(plan -> namespaces.contains(plan.namespace())
                        && plan.repoRoot().equals(repoRoot) && plan.status() == PlanStatus.OPEN)
                        .ifPresent(plan -> bound.add(new Binding(plan, subtask)));
            }
        }
        return bound;
    }

    private static String writeIndices(List<Integer> indices) {
        return indices.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static List<Integer> readIndices(String text) {
        return text == null || text.isEmpty() ? List.of()
                : Arrays.stream(text.split(",")).map(Integer::valueOf).toList();
    }

    /** A plan from a row of {@link #PLAN_COLUMNS}, read by position: a sub-task claim reads many rows. */
    private static StoredPlan plan(ResultSet rs) throws SQLException {
        return new StoredPlan(rs.getLong(1), NamespaceId.of(rs.getLong(2)), rs.getString(3), rs.getString(4),
                rs.getString(5), rs.getString(6), Codec.readList(rs.getString(7)), rs.getBoolean(8),
                Duration.ofMillis(rs.getLong(9)), TaskId.of(rs.getLong(10)), PlanStatus.fromWire(rs.getString(11)),
                SessionId.of(rs.getString(12)), Instant.ofEpochMilli(rs.getLong(13)), instant(rs, 14),
                instant(rs, 15), Instant.ofEpochMilli(rs.getLong(16)), rs.getLong(17));
    }

    /** A sub-task from a row of {@link #SUBTASK_COLUMNS}, read by position. */
    private static StoredSubtask subtask(ResultSet rs) throws SQLException {
        String claimedBy = rs.getString(12);
        return new StoredSubtask(rs.getLong(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                Codec.readList(rs.getString(5)), readIndices(rs.getString(6)), rs.getString(7), rs.getInt(8),
                rs.getBoolean(9), TaskId.of(rs.getLong(10)), SubtaskStatus.fromWire(rs.getString(11)),
                claimedBy == null ? null : SessionId.of(claimedBy), rs.getString(13), instant(rs, 14),
                instant(rs, 15), rs.getString(16), rs.getString(17), Instant.ofEpochMilli(rs.getLong(18)),
                rs.getLong(19), rs.getString(20));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }
}
