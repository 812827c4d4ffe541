package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MemoryVectors;
import dev.colony.spi.storage.StoredVector;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jdbi.v3.core.statement.Query;

/** The embeddings stored in the {@code memories} table. */
final class JdbcMemoryVectors implements MemoryVectors {

    private static final String STORE_VECTOR = "UPDATE memories SET vector = ?, vector_model = ?, vector_dim = ?, "
            + "passage_vectors = ?, "
            + "rev = " + MemoryRows.NEXT_REV + " WHERE id = ? AND rev = ?";

    private final JdbcTransaction tx;

    JdbcMemoryVectors(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public List<MemoryDocument> documents(Collection<MemoryId> ids) {
        return MemoryRows.byIds(tx, ids, MemoryRows.DOCUMENT_COLUMNS, MemoryRows::document);
    }

    @Override
    public boolean storeVector(MemoryId id, long rev, StoredVector vector, List<StoredVector> passages) {
        StoreConnection connection = tx.writeConnection("memories.storeVector");
        tx.movedMemories();
        try {
            PreparedStatement store = connection.prepared(STORE_VECTOR, false);
            MemoryRows.setVector(store, 1, vector);
            MemoryRows.setPassages(store, 4, vector, passages);
            store.setLong(5, id.value());
            store.setLong(6, rev);
            return store.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new JdbcFailure(STORE_VECTOR, e);
        }
    }

    @Override
    public Map<String, Long> otherVectorModels(String model) {
        Objects.requireNonNull(model, "model");
        // Reads the index on vector_model answers without visiting the model's own vectors, however many: the
        // models sorting before it, those after it, and the vectors stored before models were recorded.
        Map<String, Long> models = new TreeMap<>();
        countByModel("vector_model < :model", model, models);
        countByModel("vector_model > :model", model, models);
        if (!UNKNOWN_MODEL.equals(model)) {
            try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM memories "
                    + "WHERE vector_model IS NULL AND vector IS NOT NULL")) {
                long unnamed = query.mapTo(Long.class).one();
                if (unnamed > 0) {
                    models.merge(UNKNOWN_MODEL, unnamed, Long::sum);
                }
            }
        }
        return models;
    }

    private void countByModel(String range, String model, Map<String, Long> into) {
        try (Query query = tx.handle().createQuery("SELECT vector_model, COUNT(*) AS memories FROM memories "
                + "WHERE " + range + " GROUP BY vector_model")) {
            query.bind("model", model)
                    .map((rs, ctx) -> Map.entry(rs.getString("vector_model"), rs.getLong("memories")))
                    .forEach(entry -> into.merge(entry.getKey(), entry.getValue(), Long::sum));
        }
    }

    @Override
    public List<MemoryDocument> withoutVector(String model, int dimension, Set<MemoryKind> excludedKinds,
            long afterId, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        try (Query query = tx.handle().createQuery("SELECT " + MemoryRows.DOCUMENT_COLUMNS + " FROM memories WHERE id > :after"
                + lacking(excludedKinds, true) + " ORDER BY id LIMIT :limit")) {
            bindLacking(query, model, dimension, excludedKinds).bind("after", afterId).bind("limit", limit);
            return query.map(MemoryRows::document).list();
        }
    }

    @Override
    public long countWithoutVector(String model, int dimension, Set<MemoryKind> excludedKinds) {
        try (Query query = tx.handle().createQuery("SELECT COUNT(*) FROM memories WHERE id > 0"
                + lacking(excludedKinds, false))) {
            return bindLacking(query, model, dimension, excludedKinds).mapTo(Long.class).one();
        }
    }

    /**
     * The condition of a memory without a vector of {@code :model} and {@code :dimension}, or, with
     * {@code orPassages}, with one stored before the embeddings of its sentences were.
     */
    private static String lacking(Set<MemoryKind> excludedKinds, boolean orPassages) {
        return " AND " + MemoryRows.LIVE + " AND (vector IS NULL OR vector_model IS NULL OR vector_model <> :model "
                + "OR vector_dim <> :dimension" + (orPassages ? " OR passage_vectors IS NULL)" : ")")
                + (excludedKinds.isEmpty() ? "" : " AND kind NOT IN (<excluded>)");
    }

    private static Query bindLacking(Query query, String model, int dimension, Set<MemoryKind> excludedKinds) {
        query.bind("model", model).bind("dimension", dimension);
        if (!excludedKinds.isEmpty()) {
            query.bindList("excluded", excludedKinds.stream().map(MemoryKind::name).sorted().toList());
        }
        return query;
    }
}
