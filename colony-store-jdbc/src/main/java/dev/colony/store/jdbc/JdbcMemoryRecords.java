package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.message.MessageStatus;
import dev.colony.spi.storage.ForgottenMemory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MemoryRecords;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;

/** Memories in the {@code memories} table. */
final class JdbcMemoryRecords implements MemoryRecords {

    /** What a tracked task is called once the checklist memory it was named after is purged. */
    static final String PURGED_TITLE = "(purged)";
    /** The condition of a memory that was not forgotten: every read but the change feed's asks for it. */
    static final String LIVE = "forgotten_at IS NULL";
    static final String COLUMNS = "id, namespace_id, session_id, kind, content, topics, macro_topics, ref, "
            + "artifact, task_id, reply_to, created_at, updated_at, expires_at, retracted, metadata";
    /** Run through a prepared statement each connection keeps: memory inserts are the hot path. */
    private static final String INSERT = "INSERT INTO memories (namespace_id, session_id, kind, content, topics, "
            + "macro_topics, ref, artifact, task_id, reply_to, created_at, updated_at, expires_at, retracted, metadata, "
            + "vector, vector_model, vector_dim, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?, ?, ?, ?, "
            + JdbcMemoryRecords.NEXT_REV + ")";
    /**
     * The next rev of the change feed. Write transactions are serialised by every dialect (SQLite's
     * single writer, a gate row elsewhere), so the largest rev plus one is unique and revs become
     * visible in increasing order; the unique index on {@code rev} turns any breach into an error
     * rather than a silently skipped change.
     */
    static final String NEXT_REV = "(SELECT COALESCE(MAX(rev), 0) + 1 FROM memories)";
    private static final String UPDATE = "UPDATE memories SET kind = ?, content = ?, topics = ?, macro_topics = ?, "
            + "ref = ?, artifact = ?, expires_at = ?, retracted = ?, metadata = ?, vector = ?, vector_model = ?, "
            + "vector_dim = ?, updated_at = ?, rev = " + NEXT_REV + " WHERE id = ? AND " + LIVE;
    private static final String MIRROR_ON_TASK = "UPDATE tasks SET checklist_expires_at = ?, "
            + "checklist_retracted = ? WHERE checklist_id = ?";
    private static final String STORE_VECTOR = "UPDATE memories SET vector = ?, vector_model = ?, vector_dim = ?, "
            + "rev = " + NEXT_REV + " WHERE id = ? AND rev = ?";
    /**
     * The memory its session wrote last before this one in the same namespace, when it counts as context: of
     * the same task (or both of none), neither retracted nor forgotten. Memories of other namespaces in between
     * are passed over, so that one the readers of this namespace may not see never changes what a memory they
     * see is found by. The lookup walks the (session, id) index backwards and stops at the first memory of the
     * namespace; it is ordered by the index's columns rather than taken as a MAX, which H2 computes by reading
     * the session's whole range once a condition outside the index (the namespace) is part of it.
     */
    private static final String PREDECESSOR = "p.id = (SELECT q.id FROM memories q "
            + "WHERE q.session_id = memories.session_id AND q.namespace_id = memories.namespace_id "
            + "AND q.id < memories.id ORDER BY q.session_id DESC, q.id DESC LIMIT 1) AND (p.task_id = memories.task_id "
            + "OR (p.task_id IS NULL AND memories.task_id IS NULL)) AND p.retracted = FALSE AND p." + LIVE;
    /**
     * Hands the memory its session wrote next after memory {@code ?} in the same namespace to the change feed
     * again (it takes the next rev), so that an index reads its context anew once that memory changed, was
     * retracted, forgotten or purged: no search finds a memory by a predecessor's words that are gone.
     */
    private static final String REFEED_SUCCESSOR = "UPDATE memories SET rev = " + NEXT_REV + " WHERE id = "
            + "(SELECT q.id FROM memories q, memories s WHERE s.id = ? AND q.session_id = s.session_id "
            + "AND q.namespace_id = s.namespace_id AND q.id > ? ORDER BY q.session_id, q.id LIMIT 1)";
    /**
     * The columns a change-feed document is read from, its context among them: the vector and the content of
     * the memory its session wrote last before it in the same namespace, when that one is neither retracted
     * nor forgotten (the vector only when of the same model). The predecessor is one backward walk along the
     * (session, id) index that stops at the first memory of the namespace: it passes over only the session's
     * memories in other namespaces, not the earlier memories of its own that do not qualify.
     */
    private static final String DOCUMENT_COLUMNS = COLUMNS + ", vector, vector_model, rev, "
            + "(SELECT p.vector FROM memories p WHERE " + PREDECESSOR + " AND p.vector_model = memories.vector_model "
            + "AND p.vector_dim = memories.vector_dim) AS context_vector, "
            + "(SELECT p.content FROM memories p WHERE " + PREDECESSOR + ") AS context_text, forgotten_at, purged_at";
    private static final String FORGET = "UPDATE memories SET forgotten_at = ?, forgotten_by = ?, rev = " + NEXT_REV
            + " WHERE id = ? AND " + LIVE;
    /** A forgotten checklist takes its task out of the feed, as a retracted one does. */
    private static final String FORGET_ON_TASK = "UPDATE tasks SET checklist_retracted = TRUE WHERE checklist_id = ?";
    /** A forgotten message body takes the message out of every inbox: it turns retracted. */
    private static final String FORGET_MESSAGE = "UPDATE messages SET status = ?, retract_reason = COALESCE("
            + "retract_reason, 'forgotten'), changed_at = ?, version = version + 1 WHERE memory_id = ? AND status <> ?";
    private static final String PURGE = "UPDATE memories SET content = '', topics = ?, macro_topics = ?, ref = NULL, "
            + "artifact = NULL, metadata = ?, vector = NULL, vector_model = NULL, vector_dim = NULL, "
            + "forgotten_at = COALESCE(forgotten_at, ?), forgotten_by = COALESCE(forgotten_by, ?), purged_at = ?, "
            + "rev = " + NEXT_REV + " WHERE id = ? AND purged_at IS NULL";
    /** The copies of a memory's text kept outside its row, and what each becomes when it is purged. */
    private static final List<String> PURGE_COPIES = List.of(
            "UPDATE messages SET preview = '' WHERE memory_id = ?",
            "UPDATE tasks SET title = '" + PURGED_TITLE + "' WHERE checklist_id = ?",
            "UPDATE batons SET details = '{}' WHERE id = ?");
    private static final String REVISION = "SELECT rev FROM memories WHERE id = ? AND " + LIVE;
    /** Ids per {@code IN} list, well below every engine's limit on bound parameters. */
    private static final int ID_CHUNK = 500;

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
        try {
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
            setVector(insert, 15, memory.vector());
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
                memory.metadata().isEmpty() ? memory.metadata() : Codec.asRead(memory.metadata()));
    }

    @Override
    public boolean update(Memory memory, StoredVector vector) {
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
            setVector(update, 10, vector);
            update.setLong(13, Codec.stored(memory.updatedAt()).toEpochMilli());
            update.setLong(14, memory.id().value());
            boolean found = update.executeUpdate() == 1;
            if (found && memory.kind().isTask()) {
                mirrorOnTask(connection, memory);
            }
            if (found) {
                refeedSuccessor(connection, memory.id());
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
    public boolean storeVector(MemoryId id, long rev, StoredVector vector) {
        StoreConnection connection = tx.writeConnection("memories.storeVector");
        tx.movedMemories();
        try {
            PreparedStatement store = connection.prepared(STORE_VECTOR, false);
            setVector(store, 1, vector);
            store.setLong(4, id.value());
            store.setLong(5, rev);
            return store.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new JdbcFailure(STORE_VECTOR, e);
        }
    }

    @Override
    public Map<String, Long> vectorModels() {
        // Two reads, so that the index on vector_model answers: the models of vectors that name one (the
        // index alone), and the vectors stored before models were recorded (among the rows naming none).
        Map<String, Long> models = new TreeMap<>();
        try (Query query = tx.handle().createQuery("SELECT vector_model, COUNT(*) AS memories FROM memories "
                + "WHERE vector_model IS NOT NULL GROUP BY vector_model")) {
            query.map((rs, ctx) -> Map.entry(rs.getString("vector_model"), rs.getLong("memories")))
                    .forEach(entry -> models.merge(entry.getKey(), entry.getValue(), Long::sum));
        }
        try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM memories "
                + "WHERE vector_model IS NULL AND vector IS NOT NULL")) {
            long unnamed = query.mapTo(Long.class).one();
            if (unnamed > 0) {
                models.merge(UNKNOWN_MODEL, unnamed, Long::sum);
            }
        }
        return models;
    }

    @Override
    public List<MemoryDocument> withoutVector(String model, int dimension, Set<MemoryKind> excludedKinds,
            long afterId, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery("SELECT " + DOCUMENT_COLUMNS + " FROM memories WHERE id > :after"
                + lacking(excludedKinds) + " ORDER BY id LIMIT :limit")) {
            bindLacking(query, model, dimension, excludedKinds).bind("after", afterId).bind("limit", limit);
            return query.map(JdbcMemoryRecords::document).list();
        }
    }

    @Override
    public long countWithoutVector(String model, int dimension, Set<MemoryKind> excludedKinds) {
        try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM memories WHERE id > 0"
                + lacking(excludedKinds))) {
            return bindLacking(query, model, dimension, excludedKinds).mapTo(Long.class).one();
        }
    }

    /** The condition of a memory without a vector of {@code :model} and {@code :dimension}. */
    private static String lacking(Set<MemoryKind> excludedKinds) {
        return " AND " + LIVE + " AND (vector IS NULL OR vector_model IS NULL OR vector_model <> :model OR vector_dim <> :dimension)"
                + (excludedKinds.isEmpty() ? "" : " AND kind NOT IN (<excluded>)");
    }

    private static Query bindLacking(Query query, String model, int dimension, Set<MemoryKind> excludedKinds) {
        query.bind("model", model).bind("dimension", dimension);
        if (!excludedKinds.isEmpty()) {
            query.bindList("excluded", excludedKinds.stream().map(MemoryKind::name).sorted().toList());
        }
        return query;
    }

    /** A change-feed document from a row of {@link #DOCUMENT_COLUMNS}. */
    private static MemoryDocument document(ResultSet rs, StatementContext ctx) throws SQLException {
        float[] values = Codec.readVector(rs.getBytes("vector"));
        String model = rs.getString("vector_model");
        StoredVector vector = values == null ? null : new StoredVector(model == null ? UNKNOWN_MODEL : model, values);
        float[] context = vector == null ? null : Codec.readVector(rs.getBytes("context_vector"));
        return new MemoryDocument(map(rs, ctx), vector,
                context == null ? null : new StoredVector(vector.model(), context), rs.getString("context_text"),
                rs.getLong("rev"), presence(rs));
    }

    private static Presence presence(ResultSet rs) throws SQLException {
        rs.getLong("purged_at");
        if (!rs.wasNull()) {
            return Presence.PURGED;
        }
        rs.getLong("forgotten_at");
        return rs.wasNull() ? Presence.LIVE : Presence.FORGOTTEN;
    }

    @Override
    public boolean forget(MemoryId id, String by, Instant at) {
        StoreConnection connection = tx.writeConnection("memories.forget");
        tx.movedMemories();
        long millis = Codec.stored(at).toEpochMilli();
        try {
            PreparedStatement forget = connection.prepared(FORGET, false);
            forget.setLong(1, millis);
            forget.setString(2, by);
            forget.setLong(3, id.value());
            if (forget.executeUpdate() == 0) {
                return false;
            }
            hideElsewhere(connection, id, millis);
            refeedSuccessor(connection, id);
            return true;
        } catch (SQLException e) {
            throw new JdbcFailure(FORGET, e);
        }
    }

    private static void refeedSuccessor(StoreConnection connection, MemoryId id) throws SQLException {
        PreparedStatement refeed = connection.prepared(REFEED_SUCCESSOR, false);
        refeed.setLong(1, id.value());
        refeed.setLong(2, id.value());
        refeed.executeUpdate();
    }

    /** Takes a forgotten memory out of the task feed and the inboxes (again, harmlessly, when it already is). */
    private static void hideElsewhere(StoreConnection connection, MemoryId id, long at) throws SQLException {
        PreparedStatement task = connection.prepared(FORGET_ON_TASK, false);
        task.setLong(1, id.value());
        task.executeUpdate();
        PreparedStatement message = connection.prepared(FORGET_MESSAGE, false);
        String retracted = MessageStatus.RETRACTED.wireName();
        message.setString(1, retracted);
        message.setLong(2, at);
        message.setLong(3, id.value());
        message.setString(4, retracted);
        message.executeUpdate();
    }

    @Override
    public boolean purge(MemoryId id, String by, Instant at) {
        StoreConnection connection = tx.writeConnection("memories.purge");
        tx.movedMemories();
        long millis = Codec.stored(at).toEpochMilli();
        try {
            PreparedStatement purge = connection.prepared(PURGE, false);
            purge.setString(1, Codec.writeList(List.of()));
            purge.setString(2, Codec.writeList(List.of()));
            purge.setString(3, Codec.writeMap(Map.of()));
            purge.setLong(4, millis);
            purge.setString(5, by);
            purge.setLong(6, millis);
            purge.setLong(7, id.value());
            if (purge.executeUpdate() == 0) {
                return false;
            }
            hideElsewhere(connection, id, millis);
            for (String copy : PURGE_COPIES) {
                PreparedStatement wipe = connection.prepared(copy, false);
                wipe.setLong(1, id.value());
                wipe.executeUpdate();
            }
            refeedSuccessor(connection, id);
            return true;
        } catch (SQLException e) {
            throw new JdbcFailure(PURGE, e);
        }
    }

    @Override
    public Optional<ForgottenMemory> forgottenMemory(MemoryId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + ", forgotten_at, forgotten_by, purged_at "
                + "FROM memories WHERE id = :id AND forgotten_at IS NOT NULL")) {
            return query.bind("id", id.value()).map((rs, ctx) -> new ForgottenMemory(map(rs, ctx), presence(rs),
                    rs.getString("forgotten_by"), Instant.ofEpochMilli(rs.getLong("forgotten_at")))).findOne();
        }
    }

    /** Binds a vector's bytes, model and dimension to three parameters from {@code index}. */
    private static void setVector(PreparedStatement statement, int index, StoredVector vector) throws SQLException {
        Parameters.setBytes(statement, index, vector == null ? null : Codec.writeVector(vector.values()));
        Parameters.setString(statement, index + 1, vector == null ? null : vector.model());
        Parameters.setLong(statement, index + 2, vector == null ? null : (long) vector.dimension());
    }

    @Override
    public Optional<Memory> find(MemoryId id) {
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM memories WHERE id = :id AND " + LIVE)) {
            return query.bind("id", id.value()).map(JdbcMemoryRecords::map).findOne();
        }
    }

    @Override
    public List<Memory> findAll(Collection<MemoryId> ids) {
        return byIds(ids, COLUMNS, JdbcMemoryRecords::map);
    }

    @Override
    public Map<MemoryId, Long> revisions(Collection<MemoryId> ids) {
        if (ids.size() == 1) {
            // One memory (the one an add just wrote): a kept statement instead of a list query built anew.
            MemoryId id = ids.iterator().next();
            return tx.connection().findOne(REVISION, statement -> statement.setLong(1, id.value()),
                    row -> row.getLong(1)).map(rev -> Map.of(id, rev)).orElse(Map.of());
        }
        Map<MemoryId, Long> revisions = new LinkedHashMap<>();
        byIds(ids, "id, rev", (rs, ctx) -> Map.entry(MemoryId.of(rs.getLong("id")), rs.getLong("rev")))
                .forEach(entry -> revisions.put(entry.getKey(), entry.getValue()));
        return revisions;
    }

    @Override
    public List<MemoryDocument> documents(Collection<MemoryId> ids) {
        return byIds(ids, DOCUMENT_COLUMNS, JdbcMemoryRecords::document);
    }

    /** The rows of these ids that exist, in ascending id order, read in chunks. */
    private <T> List<T> byIds(Collection<MemoryId> ids, String columns, RowMapper<T> mapper) {
        TreeSet<Long> wanted = new TreeSet<>();
        for (MemoryId id : ids) {
            wanted.add(id.value());
        }
        if (wanted.isEmpty()) {
            return List.of();
        }
        Handle handle = tx.handle();
        List<Long> all = new ArrayList<>(wanted);
        List<T> found = new ArrayList<>(all.size());
        for (int from = 0; from < all.size(); from += ID_CHUNK) {
            List<Long> chunk = all.subList(from, Math.min(all.size(), from + ID_CHUNK));
            try (Query query = handle.createQuery(
                    "SELECT " + columns + " FROM memories WHERE id IN (<ids>) AND " + LIVE + " ORDER BY id")) {
                found.addAll(query.bindList("ids", chunk).map(mapper).list());
            }
        }
        return found;
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
    public List<MemoryDocument> changedSince(long afterRev, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery(
                "SELECT " + DOCUMENT_COLUMNS + " FROM memories WHERE rev > :after ORDER BY rev LIMIT :limit")) {
            return query.bind("after", afterRev).bind("limit", limit).map(JdbcMemoryRecords::document).list();
        }
    }

    @Override
    public long countIn(NamespaceId namespace) {
        try (Query query = tx.handle().createQuery(
                "SELECT COUNT(*) FROM memories WHERE namespace_id = :namespace AND retracted = FALSE AND " + LIVE)) {
            return query.bind("namespace", namespace.value()).mapTo(Long.class).one();
        }
    }

    @Override
    public long latestRev() {
        try (Query query = tx.handle().createQuery("SELECT COALESCE(MAX(rev), 0) FROM memories")) {
            return query.mapTo(Long.class).one();
        }
    }

    /** One side of a window: the session's memories in {@code namespaces} that {@code around} selects. */
    private static List<TimelineEntry> entries(Handle handle, String around, String order, SessionId session,
            List<Long> namespaces, long aroundId, int limit) {
        try (Query query = handle.createQuery("SELECT id, kind, created_at FROM memories WHERE session_id = :session "
                + "AND namespace_id IN (<namespaces>) AND " + LIVE + around + " ORDER BY " + order + " LIMIT :limit")) {
            query.bind("session", session.value()).bindList("namespaces", namespaces).bind("limit", limit);
            if (!around.isEmpty()) {
                query.bind("around", aroundId);
            }
            return query.map((rs, ctx) -> new TimelineEntry(MemoryId.of(rs.getLong("id")),
                    MemoryKind.of(rs.getString("kind")), Instant.ofEpochMilli(rs.getLong("created_at")))).list();
        }
    }

    static Memory map(ResultSet rs, StatementContext ctx) throws SQLException {
        long task = rs.getLong("task_id");
        boolean noTask = rs.wasNull();
        long replyTo = rs.getLong("reply_to");
        boolean noReply = rs.wasNull();
        long expiresAt = rs.getLong("expires_at");
        boolean noExpiry = rs.wasNull();
        return new Memory(
                MemoryId.of(rs.getLong("id")),
                NamespaceId.of(rs.getLong("namespace_id")),
                SessionId.of(rs.getString("session_id")),
                MemoryKind.of(rs.getString("kind")),
                rs.getString("content"),
                Codec.readList(rs.getString("topics")),
                Codec.readList(rs.getString("macro_topics")),
                rs.getString("ref"),
                rs.getString("artifact"),
                noTask ? null : TaskId.of(task),
                noReply ? null : MemoryId.of(replyTo),
                Instant.ofEpochMilli(rs.getLong("created_at")),
                Instant.ofEpochMilli(rs.getLong("updated_at")),
                Codec.instant(expiresAt, noExpiry),
                rs.getBoolean("retracted"),
                Codec.readMap(rs.getString("metadata")));
    }
}
