package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.NamespaceId;
import dev.colony.api.signal.SignalStatus;
import dev.colony.spi.storage.ArchiveRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.Update;

/**
 * Archives as rows of the shared schema. Each table is read with the condition that limits it to a scope
 * (the namespaces a user may read) and written back column by column; a memory's reply target and task
 * are read as {@code null} when the archive leaves them out, so that a restore never breaks a reference.
 */
final class JdbcArchiveRecords implements ArchiveRecords {

    /** The row format that added the memories' sentence vectors (schema version 25). */
    private static final int PASSAGE_VECTORS_FORMAT = 25;

    /** The condition of a live memory of the scope's namespaces. */
    private static final String SCOPED_MEMORY = "namespace_id IN (<namespaces>) AND " + MemoryRows.LIVE;

    private static final List<Source> SOURCES = List.of(
            new Source(new ArchiveTable("namespaces", List.of(integer("id"), text("slug"), text("kind"),
                    text("owner_user"), integer("created_at"))), Map.of(), "id IN (<namespaces>)", "id"),
            new Source(new ArchiveTable("namespace_members", List.of(integer("namespace_id"), text("user_id"),
                    text("role"), integer("added_at"))), Map.of(), "namespace_id IN (<namespaces>)",
                    "namespace_id, user_id"),
            new Source(new ArchiveTable("sessions", List.of(text("id"), text("user_id"), text("agent"), text("ide"),
                    text("cwd"), text("repo_root"), text("branch"), integer("started_at"), integer("ended_at"),
                    integer("last_seen"))), Map.of(),
                    "id IN (SELECT session_id FROM memories WHERE " + SCOPED_MEMORY + ") OR user_id = :user", "id"),
            new Source(new ArchiveTable("tasks", List.of(integer("id"), integer("namespace_id"), text("title"),
                    text("repo_root"), text("branch"), text("status"), integer("updated_at"), integer("version"),
                    integer("created_at"), text("created_by"), integer("checklist_id"),
                    integer("checklist_expires_at"), bool("checklist_retracted"))), Map.of(),
                    "namespace_id IN (<namespaces>)", "id"),
            new Source(new ArchiveTable("memories", List.of(integer("id"), integer("namespace_id"), text("session_id"),
                    text("kind"), text("content"), text("topics"), text("macro_topics"), text("ref"), text("artifact"),
                    integer("task_id"), integer("reply_to"), integer("created_at"), integer("updated_at"),
                    integer("expires_at"), bool("retracted"), text("metadata"), bytes("vector"), text("vector_model"),
                    integer("vector_dim"), integer("rev"), new ArchiveColumn("passage_vectors", ColumnType.BYTES,
                            PASSAGE_VECTORS_FORMAT))), Map.of(
                    "task_id", "CASE WHEN task_id IN (SELECT t.id FROM tasks t WHERE t.namespace_id IN (<namespaces>)) "
                            + "THEN task_id END",
                    "reply_to", "CASE WHEN reply_to IN (SELECT r.id FROM memories r WHERE r.namespace_id IN "
                            + "(<namespaces>) AND r." + MemoryRows.LIVE + ") THEN reply_to END"),
                    SCOPED_MEMORY, "id"),
            new Source(new ArchiveTable("signals", List.of(integer("id"), integer("namespace_id"), text("from_user"),
                    text("from_agent"), text("from_session"), text("to_user"), text("to_agent"), text("memory_ids"),
                    integer("sent_at"), integer("expires_at"), text("status"), integer("acked_at"),
                    text("acked_by_session"), integer("version"))), Map.of(),
                    "namespace_id IN (<namespaces>) AND to_user = :user AND status = '"
                            + SignalStatus.PENDING.wireName() + "' AND expires_at > :now", "id"));

    /** The tables whose {@code id} the store hands out. */
    private static final List<String> IDENTITY_TABLES = List.of("namespaces", "tasks", "memories", "signals");

    /**
     * The format of the archived rows: the last schema version that changed a table's columns. A migration
     * that only adds an index (version 19) or a table archives do not hold (version 20, the store's delegation
     * policy, which is the operator's and not a user's; versions 21 and 22, the chat windows and embedded
     * segments of agent frameworks, not archived yet; version 24, foraged examples, which a rescan rebuilds)
     * keeps it. Version 25 added the sentence vectors of memories.
     */
    static final int ROW_FORMAT = PASSAGE_VECTORS_FORMAT;
    /**
     * The oldest format restored: archives of format 18 lack the sentence vectors, which are restored as
     * {@code null} and embedded by {@code colony reindex}, as for memories stored before version 25.
     */
    static final int OLDEST_FORMAT = 18;

    private final JdbcTransaction tx;

    JdbcArchiveRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public int format() {
        return ROW_FORMAT;
    }

    @Override
    public int oldestFormat() {
        return OLDEST_FORMAT;
    }

    @Override
    public List<ArchiveTable> tables() {
        return SOURCES.stream().map(Source::table).toList();
    }

    @Override
    public void read(String table, ArchiveScope scope, Consumer<Map<String, Object>> sink) {
        Source source = source(table);
        if (scope.namespaces().isEmpty()) {
            return;
        }
        String columns = source.table().columns().stream()
                .map(column -> source.expressions().getOrDefault(column.name(), column.name()) + " AS " + column.name())
                .collect(Collectors.joining(", "));
        String sql = "SELECT " + columns + " FROM " + table + " WHERE " + source.condition() + " ORDER BY "
                + source.order();
        try (Query query = tx.handle().createQuery(sql)) {
            query.bindList("namespaces", scope.namespaces().stream().map(NamespaceId::value).sorted().toList());
            if (sql.contains(":user")) {
                query.bind("user", scope.user().value());
            }
            if (sql.contains(":now")) {
                query.bind("now", Codec.stored(scope.now()).toEpochMilli());
            }
            query.map((rs, ctx) -> row(rs, source.table())).forEach(sink);
        }
    }

    private static Map<String, Object> row(ResultSet rs, ArchiveTable table) throws SQLException {
        Map<String, Object> row = new LinkedHashMap<>();
        for (ArchiveColumn column : table.columns()) {
            Object value = switch (column.type()) {
                case INTEGER -> rs.getLong(column.name());
                case TEXT -> rs.getString(column.name());
                case BOOLEAN -> rs.getBoolean(column.name());
                case BYTES -> rs.getBytes(column.name());
            };
            row.put(column.name(), rs.wasNull() ? null : value);
        }
        return row;
    }

    @Override
    public boolean isEmpty() {
        try (Query query = tx.handle().createQuery("SELECT (SELECT COUNT(*) FROM namespaces) + (SELECT COUNT(*) "
                + "FROM sessions) + (SELECT COUNT(*) FROM memories)")) {
            return query.mapTo(Long.class).one() == 0;
        }
    }

    @Override
    public void restore(String table, Map<String, Object> row) {
        ArchiveTable spec = source(table).table();
        List<String> names = spec.columns().stream().map(ArchiveColumn::name).toList();
        String sql = "INSERT INTO " + table + " (" + String.join(", ", names) + ") VALUES ("
                + names.stream().map(name -> ":" + name).collect(Collectors.joining(", ")) + ")";
        Handle handle = tx.writeHandle("archive.restore");
        if (table.equals("memories")) {
            tx.movedMemories();
        }
        try (Update insert = handle.createUpdate(sql)) {
            for (ArchiveColumn column : spec.columns()) {
                if (!row.containsKey(column.name())) {
                    throw ColonyException.invalid(column.name(), "a row of " + table + " lacks " + column.name());
                }
                bind(insert, column, row.get(column.name()));
            }
            insert.execute();
        }
    }

    private static void bind(Update insert, ArchiveColumn column, Object value) {
        String name = column.name();
        if (value == null) {
            insert.bindNull(name, switch (column.type()) {
                case INTEGER -> Types.BIGINT;
                case TEXT -> Types.VARCHAR;
                case BOOLEAN -> Types.BOOLEAN;
                case BYTES -> Types.VARBINARY;
            });
            return;
        }
        boolean fits = switch (column.type()) {
            case INTEGER -> value instanceof Long;
            case TEXT -> value instanceof String;
            case BOOLEAN -> value instanceof Boolean;
            case BYTES -> value instanceof byte[];
        };
        if (!fits) {
            throw ColonyException.invalid(name, "must be " + column.type().name().toLowerCase(Locale.ROOT)
                    + ", was " + value.getClass().getSimpleName());
        }
        insert.bind(name, value);
    }

    @Override
    public void realignIds() {
        Handle handle = tx.writeHandle("archive.realignIds");
        for (String table : IDENTITY_TABLES) {
            tx.dialect().realignIds(handle, table);
        }
    }

    private static Source source(String table) {
        for (Source source : SOURCES) {
            if (source.table().name().equals(table)) {
                return source;
            }
        }
        List<String> known = new ArrayList<>();
        SOURCES.forEach(source -> known.add(source.table().name()));
        throw ColonyException.invalid("table", "no archived table is named " + table + "; there are " + known);
    }

    private static ArchiveColumn integer(String name) {
        return new ArchiveColumn(name, ColumnType.INTEGER);
    }

    private static ArchiveColumn text(String name) {
        return new ArchiveColumn(name, ColumnType.TEXT);
    }

    private static ArchiveColumn bool(String name) {
        return new ArchiveColumn(name, ColumnType.BOOLEAN);
    }

    private static ArchiveColumn bytes(String name) {
        return new ArchiveColumn(name, ColumnType.BYTES);
    }

    /**
     * How one table is read for an archive.
     *
     * @param table the table and its columns
     * @param expressions what a column is read as, when not simply itself
     * @param condition the rows a scope covers ({@code <namespaces>}, {@code :user} and {@code :now} bound)
     * @param order the key order
     */
    private record Source(ArchiveTable table, Map<String, String> expressions, String condition, String order) {
    }
}
