package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.spi.storage.MemoryRecords;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StoredVector;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;

/** Memories in the {@code memories} table: inserts, edits and the reads of core's services. */
final class JdbcMemoryRecords implements MemoryRecords {

    /** Run through a prepared statement each connection keeps: memory inserts are the hot path. */
    private static final String INSERT = "INSERT INTO memories (namespace_id, session_id, kind, content, topics, "
            + "macro_topics, ref, artifact, task_id, reply_to, created_at, updated_at, expires_at, retracted, metadata, "
            + "vector, vector_model, vector_dim, passage_vectors, rev) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?, ?, ?, ?, ?, ?)";
    /**
     * The rev an insert takes, read before it so that the memory returned carries its version: write transactions
     * are serialised (see {@link MemoryRows#NEXT_REV}), so no other writer takes it in between.
     */
    private static final String NEXT_REV = "SELECT " + MemoryRows.NEXT_REV;
    private static final String UPDATE = "UPDATE memories SET kind = ?, content = ?, topics = ?, macro_topics = ?, "
            + "ref = ?, artifact = ?, expires_at = ?, retracted = ?, metadata = ?, vector = ?, vector_model = ?, "
            + "vector_dim = ?, passage_vectors = ?, updated_at = ?, rev = " + MemoryRows.NEXT_REV
            + " WHERE id = ? AND " + MemoryRows.LIVE;
    private static final String MIRROR_ON_TASK = "UPDATE tasks SET checklist_expires_at = ?, "
            + "checklist_retracted = ? WHERE checklist_id = ?";

    private final JdbcTransaction tx;

    JdbcMemoryRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public Memory insert(NewMemory memory) {
        StoreConnection connection = tx.writeConnection("memories.insert");
        tx.movedMemories();
        String metadata = Codec.writeMap(memory.metadata());
        Instant createdAt = Codec.stored(memory.createdAt());
        long id;
        long rev;
        try {
            rev = connection.findOne(NEXT_REV, statement -> { }, row -> row.getLong(1)).orElseThrow();
            PreparedStatement insert = connection.prepared(INSERT, true);
            insert.setLong(1, memory.namespace().value());
            insert.setString(2, memory.session().value());
            insert.setString(3, memory.kind().name());
            insert.setString(4, memory.content());
            insert.setString(5, Codec.writeList(memory.topics()));
            insert.setString(6, Codec.writeList(memory.macroTopics()));
            Parameters.setString(insert, 7, memory.ref());
            Parameters.setString(insert, 8, memory.artifact());
            Parameters.setLong(insert, 9, memory.task() == null ? null : memory.task().value());
            Parameters.setLong(insert, 10, memory.replyTo() == null ? null : memory.replyTo().value());
            insert.setLong(11, createdAt.toEpochMilli());
            insert.setLong(12, createdAt.toEpochMilli());
            Parameters.setLong(insert, 13, Codec.millis(memory.expiresAt()));
            insert.setString(14, metadata);
            MemoryRows.setVector(insert, 15, memory.vector());
            MemoryRows.setPassages(insert, 18, memory.vector(), memory.passages());
            insert.setLong(19, rev);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new SQLException("the insert returned no generated id");
                }
                id = keys.getLong(1);
            }
        } catch (SQLException e) {
            throw new JdbcFailure(INSERT, e);
        }
        return new Memory(MemoryId.of(id), memory.namespace(), memory.session(), memory.kind(), memory.content(),
                memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(), memory.task(),
                memory.replyTo(), createdAt, createdAt, Codec.stored(memory.expiresAt()), false,
                memory.metadata().isEmpty() ? memory.metadata() : Codec.asRead(memory.metadata()), rev);
    }

    @Override
    public boolean update(Memory memory, StoredVector vector, List<StoredVector> passages) {
        StoreConnection connection = tx.writeConnection("memories.update");
        tx.movedMemories();
        try {
            PreparedStatement update = connection.prepared(UPDATE, false);
            update.setString(1, memory.kind().name());
            update.setString(2, memory.content());
            update.setString(3, Codec.writeList(memory.topics()));
            update.setString(4, Codec.writeList(memory.macroTopics()));
            Parameters.setString(update, 5, memory.ref());
            Parameters.setString(update, 6, memory.artifact());
            Parameters.setLong(update, 7, Codec.millis(memory.expiresAt()));
            update.setBoolean(8, memory.retracted());
            update.setString(9, Codec.writeMap(memory.metadata()));
            MemoryRows.setVector(update, 10, vector);
            MemoryRows.setPassages(update, 13, vector, passages);
            update.setLong(14, Codec.stored(memory.updatedAt()).toEpochMilli());
            update.setLong(15, memory.id().value());
            boolean found = update.executeUpdate() == 1;
            if (found && memory.kind().isTask()) {
                mirrorOnTask(connection, memory);
            }
            if (found) {
                MemoryRows.refeedSuccessor(connection, memory.id());
            }
            return found;
        } catch (SQLException e) {
            throw new JdbcFailure(UPDATE, e);
        }
    }

    /** Copies a checklist memory's expiry and retraction onto the task it holds the checklist of, if any. */
    private static void mirrorOnTask(StoreConnection connection, Memory memory) throws SQLException {
        PreparedStatement mirror = connection.prepared(MIRROR_ON_TASK, false);
        Parameters.setLong(mirror, 1, Codec.millis(memory.expiresAt()));
        mirror.setBoolean(2, memory.retracted());
        mirror.setLong(3, memory.id().value());
        mirror.executeUpdate();
    }

    @Override
    public Optional<Memory> find(MemoryId id) {
        try (Query query = tx.handle().createQuery("SELECT " + MemoryRows.COLUMNS + " FROM memories WHERE id = :id AND " + MemoryRows.LIVE)) {
            return query.bind("id", id.value()).map(MemoryRows::map).findOne();
        }
    }

    @Override
    public List<Memory> findAll(Collection<MemoryId> ids) {
        return MemoryRows.byIds(tx, ids, MemoryRows.COLUMNS, MemoryRows::map);
    }

    @Override
    public List<TimelineEntry> timeline(SessionId session, Set<NamespaceId> namespaces, MemoryId aroundId,
            int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        if (namespaces.isEmpty()) {
            return List.of();
        }
        List<Long> readable = namespaces.stream().map(NamespaceId::value).sorted().toList();
        Handle handle = tx.handle();
        if (aroundId == null) {
            return entries(handle, "", "id DESC", session, readable, 0, limit);
        }
        // Fetch up to a whole window on each side, then cut: a short side lets the other one fill in.
        List<TimelineEntry> newer = entries(handle, " AND id > :around", "id ASC", session, readable,
                aroundId.value(), limit);
        List<TimelineEntry> older = entries(handle, " AND id <= :around", "id DESC", session, readable,
                aroundId.value(), limit);
        int takeNewer = Math.min(limit / 2, newer.size());
        int takeOlder = Math.min(limit - takeNewer, older.size());
        takeNewer = Math.min(limit - takeOlder, newer.size());
        List<TimelineEntry> window = new ArrayList<>(takeNewer + takeOlder);
        List<TimelineEntry> newerPart = new ArrayList<>(newer.subList(0, takeNewer));
        Collections.reverse(newerPart);
        window.addAll(newerPart);
        window.addAll(older.subList(0, takeOlder));
        return window;
    }

    @Override
    public long countIn(NamespaceId namespace) {
        try (Query query = tx.handle().createQuery(
                "SELECT COUNT(*) FROM memories WHERE namespace_id = :namespace AND retracted = FALSE AND " + MemoryRows.LIVE)) {
            return query.bind("namespace", namespace.value()).mapTo(Long.class).one();
        }
    }

    /** One side of a window: the session's memories in {@code namespaces} that {@code around} selects. */
    private static List<TimelineEntry> entries(Handle handle, String around, String order, SessionId session,
            List<Long> namespaces, long aroundId, int limit) {
        try (Query query = handle.createQuery("SELECT id, kind, created_at FROM memories WHERE session_id = :session "
                + "AND namespace_id IN (<namespaces>) AND " + MemoryRows.LIVE + around + " ORDER BY " + order + " LIMIT :limit")) {
            query.bind("session", session.value()).bindList("namespaces", namespaces).bind("limit", limit);
            if (!around.isEmpty()) {
                query.bind("around", aroundId);
            }
            return query.map((rs, ctx) -> new TimelineEntry(MemoryId.of(rs.getLong("id")),
                    MemoryKind.of(rs.getString("kind")), Instant.ofEpochMilli(rs.getLong("created_at")))).list();
        }
    }
}
