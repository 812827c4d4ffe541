package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MemoryVectors;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The SQL and row mapping the facets of the {@code memories} table share ({@link JdbcMemoryRecords},
 * {@link JdbcMemoryFeed}, {@link JdbcMemoryVectors}, {@link JdbcMemoryForgetting}) and the other facets that read
 * memories' rows.
 */
final class MemoryRows {

    /** The condition of a memory that was not forgotten: every read but the change feed's asks for it. */
    static final String LIVE = "forgotten_at IS NULL";
    /** The columns {@link #map} reads a memory from; its rev is its version. */
    static final String COLUMNS = "id, namespace_id, session_id, kind, content, topics, macro_topics, ref, "
            + "artifact, task_id, reply_to, created_at, updated_at, expires_at, retracted, metadata, rev";
    /**
     * The next rev of the change feed. Write transactions are serialised by every dialect (SQLite's
     * single writer, a gate row elsewhere), so the largest rev plus one is unique and revs become
     * visible in increasing order; the unique index on {@code rev} turns any breach into an error
     * rather than a silently skipped change.
     */
    static final String NEXT_REV = "(SELECT COALESCE(MAX(rev), 0) + 1 FROM memories)";
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
    static final String DOCUMENT_COLUMNS = COLUMNS + ", vector, vector_model, passage_vectors, "
            + "(SELECT p.vector FROM memories p WHERE " + PREDECESSOR + " AND p.vector_model = memories.vector_model "
            + "AND p.vector_dim = memories.vector_dim) AS context_vector, "
            + "(SELECT p.content FROM memories p WHERE " + PREDECESSOR + ") AS context_text, forgotten_at, purged_at";
    /** Ids per {@code IN} list, well below every engine's limit on bound parameters. */
    private static final int ID_CHUNK = 500;

    /** A document (with vector, context, rev and presence) from a row of {@link #DOCUMENT_COLUMNS}. */
    static MemoryDocument document(ResultSet rs, StatementContext ctx) throws SQLException {
        float[] values = Codec.readVector(rs.getBytes("vector"));
        String model = rs.getString("vector_model");
        StoredVector vector = values == null ? null : new StoredVector(model == null ? MemoryVectors.UNKNOWN_MODEL : model, values);
        float[] context = vector == null ? null : Codec.readVector(rs.getBytes("context_vector"));
        return new MemoryDocument(map(rs, ctx), vector,
                context == null ? null : new StoredVector(vector.model(), context), rs.getString("context_text"),
                rs.getLong("rev"), presence(rs), passages(rs.getBytes("passage_vectors"), vector));
    }

    /** The passage embeddings stored as {@code bytes} with {@code vector} (none without either). */
    private static List<StoredVector> passages(byte[] bytes, StoredVector vector) {
        float[] values = vector == null ? null : Codec.readVector(bytes);
        if (values == null || values.length == 0) {
            return List.of();
        }
        int dimension = vector.dimension();
        if (values.length % dimension != 0) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "a memory's stored passage vectors hold "
                    + values.length + " values, not a multiple of its vector's " + dimension);
        }
        List<StoredVector> passages = new ArrayList<>(values.length / dimension);
        for (int from = 0; from < values.length; from += dimension) {
            passages.add(new StoredVector(vector.model(), Arrays.copyOfRange(values, from, from + dimension)));
        }
        return passages;
    }

    /**
     * Binds the passage embeddings of a memory with {@code vector} to parameter {@code index}: one after another
     * (nothing for none), or {@code NULL} without a vector.
     */
    static void setPassages(PreparedStatement statement, int index, StoredVector vector, List<StoredVector> passages)
            throws SQLException {
        if (vector == null) {
            Parameters.setBytes(statement, index, null);
            return;
        }
        int dimension = vector.dimension();
        float[] values = new float[passages.size() * dimension];
        for (int i = 0; i < passages.size(); i++) {
            System.arraycopy(passages.get(i).values(), 0, values, i * dimension, dimension);
        }
        Parameters.setBytes(statement, index, Codec.writeVector(values));
    }

    static Presence presence(ResultSet rs) throws SQLException {
        rs.getLong("purged_at");
        if (!rs.wasNull()) {
            return Presence.PURGED;
        }
        rs.getLong("forgotten_at");
        return rs.wasNull() ? Presence.LIVE : Presence.FORGOTTEN;
    }

    /** Hands the successor of memory {@code id} to the change feed again (see {@link #REFEED_SUCCESSOR}). */
    static void refeedSuccessor(StoreConnection connection, MemoryId id) throws SQLException {
        PreparedStatement refeed = connection.prepared(REFEED_SUCCESSOR, false);
        refeed.setLong(1, id.value());
        refeed.setLong(2, id.value());
        refeed.executeUpdate();
    }

    /** Binds a vector's bytes, model and dimension to three parameters from {@code index}. */
    static void setVector(PreparedStatement statement, int index, StoredVector vector) throws SQLException {
        Parameters.setBytes(statement, index, vector == null ? null : Codec.writeVector(vector.values()));
        Parameters.setString(statement, index + 1, vector == null ? null : vector.model());
        Parameters.setLong(statement, index + 2, vector == null ? null : (long) vector.dimension());
    }

    /** The rows of these ids that exist, in ascending id order, read in chunks. */
    static <T> List<T> byIds(JdbcTransaction tx, Collection<MemoryId> ids, String columns, RowMapper<T> mapper) {
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

    /** A memory from a row of {@link #COLUMNS}. */
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
                Codec.readMap(rs.getString("metadata")),
                rs.getLong("rev"));
    }

    private MemoryRows() {
    }
}
