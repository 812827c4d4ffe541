package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentFilter;
import dev.colony.spi.storage.SegmentRecords;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * Segments in {@code segments}, their metadata one row per key in {@code segment_metadata}, and each store's
 * dimension in {@code segment_stores}. Filters become SQL ({@link SegmentFilterSql}); reads by id go in chunks.
 *
 * <p>A metadata row's {@code value_type} says which column holds its value: {@code s} String and {@code u} UUID in
 * {@code text_value}, {@code i} Integer and {@code l} Long in {@code long_value}, {@code f} Float and {@code d}
 * Double in {@code real_value}, {@code b} Boolean as {@code true} or {@code false} in {@code text_value} (so
 * that no numeric comparison ever sees it).
 */
final class JdbcSegmentRecords implements SegmentRecords {

    private static final String DIMENSION = "SELECT dimension FROM segment_stores "
            + "WHERE namespace_id = ? AND store_name = ?";
    private static final String INSERT_STORE = "INSERT INTO segment_stores (namespace_id, store_name, dimension) "
            + "VALUES (?, ?, ?)";
    private static final String DELETE_METADATA = "DELETE FROM segment_metadata "
            + "WHERE namespace_id = ? AND store_name = ? AND segment_id = ?";
    private static final String DELETE_SEGMENT = "DELETE FROM segments "
            + "WHERE namespace_id = ? AND store_name = ? AND segment_id = ?";
    private static final String INSERT_SEGMENT = "INSERT INTO segments "
            + "(namespace_id, store_name, segment_id, embedding, segment_text, created_at) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String INSERT_METADATA = "INSERT INTO segment_metadata (namespace_id, store_name, "
            + "segment_id, meta_key, value_type, text_value, long_value, real_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String STORE = " WHERE namespace_id = ? AND store_name = ?";
    /** Ids per read, within every engine's limit on parameters. */
    private static final int CHUNK = 500;

    private final JdbcTransaction tx;

    JdbcSegmentRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public OptionalInt dimension(NamespaceId namespace, String store) {
        return tx.connection().findOne(DIMENSION, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, store);
        }, rs -> rs.getInt(1)).map(OptionalInt::of).orElseGet(OptionalInt::empty);
    }

    @Override
    public void save(NamespaceId namespace, String store, int dimension, List<Segment> segments, Instant at) {
        StoreConnection connection = tx.writeConnection("segments.save");
        OptionalInt known = dimension(namespace, store);
        if (known.isEmpty()) {
            connection.update(INSERT_STORE, statement -> {
                statement.setLong(1, namespace.value());
                statement.setString(2, store);
                statement.setInt(3, dimension);
            });
        } else if (known.getAsInt() != dimension) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "segment store dimension changed under a write");
        }
        long millis = Codec.stored(at).toEpochMilli();
        for (Segment segment : segments) {
            remove(connection, namespace, store, segment.id());
            connection.update(INSERT_SEGMENT, statement -> {
                bindKey(statement, namespace, store, segment.id());
                statement.setBytes(4, Codec.writeVector(segment.embedding()));
                Parameters.setString(statement, 5, segment.text());
                statement.setLong(6, millis);
            });
            for (Map.Entry<String, Object> entry : segment.metadata().entrySet()) {
                connection.update(INSERT_METADATA, statement -> {
                    bindKey(statement, namespace, store, segment.id());
                    statement.setString(4, entry.getKey());
                    bindValue(statement, entry.getValue());
                });
            }
        }
    }

    @Override
    public void scan(NamespaceId namespace, String store, SegmentFilter filter, Visitor visitor) {
        select(namespace, store, filter, false, (id, embedding, text) -> visitor.visit(id, embedding));
    }

    @Override
    public void scanWithText(NamespaceId namespace, String store, SegmentFilter filter, TextVisitor visitor) {
        select(namespace, store, filter, true, visitor);
    }

    /** Visits the selected segments; their text only if {@code withText} (else null, and not read). */
    private void select(NamespaceId namespace, String store, SegmentFilter filter, boolean withText,
            TextVisitor visitor) {
        SegmentFilterSql condition = SegmentFilterSql.of(filter, tx.dialect());
        String sql = "SELECT s.segment_id, s.embedding" + (withText ? ", s.segment_text" : "") + " FROM segments s "
                + "WHERE s.namespace_id = ? AND s.store_name = ? AND " + condition.sql();
        tx.connection().each(sql, statement -> {
            statement.setLong(1, namespace.value());
            statement.setString(2, store);
            condition.bind(statement, 3);
        }, rs -> {
            visitor.visit(rs.getString(1), Codec.readVector(rs.getBytes(2)), withText ? rs.getString(3) : null);
            return null;
        });
    }

    @Override
    public List<Segment> find(NamespaceId namespace, String store, Collection<String> ids) {
        List<String> all = List.copyOf(ids);
        List<Segment> found = new ArrayList<>(all.size());
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            String in = " AND segment_id IN (" + "?, ".repeat(chunk.size() - 1) + "?)";
            Map<String, Map<String, Object>> metadata = new HashMap<>();
            tx.connection().each("SELECT segment_id, meta_key, value_type, text_value, long_value, real_value "
                    + "FROM segment_metadata" + STORE + in, statement -> bindIds(statement, namespace, store, chunk),
                    rs -> metadata.computeIfAbsent(rs.getString(1), id -> new LinkedHashMap<>())
                            .put(rs.getString(2), value(rs)));
            found.addAll(tx.connection().list("SELECT segment_id, embedding, segment_text FROM segments" + STORE + in,
                    statement -> bindIds(statement, namespace, store, chunk),
                    rs -> new Segment(rs.getString(1), Codec.readVector(rs.getBytes(2)), rs.getString(3),
                            metadata.getOrDefault(rs.getString(1), Map.of()))));
        }
        return found;
    }

    @Override
    public int delete(NamespaceId namespace, String store, Collection<String> ids) {
        StoreConnection connection = tx.writeConnection("segments.delete");
        int removed = 0;
        for (String id : ids) {
            removed += remove(connection, namespace, store, id);
        }
        return removed;
    }

    @Override
    public int delete(NamespaceId namespace, String store, SegmentFilter filter) {
        StoreConnection connection = tx.writeConnection("segments.deleteSelected");
        if (filter != null) {
            List<String> selected = new ArrayList<>();
            scan(namespace, store, filter, (id, embedding) -> selected.add(id));
            return delete(namespace, store, selected);
        }
        int removed = 0;
        for (String table : List.of("segment_metadata", "segments", "segment_stores")) {
            int rows = connection.update("DELETE FROM " + table + STORE, statement -> {
                statement.setLong(1, namespace.value());
                statement.setString(2, store);
            });
            removed = "segments".equals(table) ? rows : removed;
        }
        return removed;
    }

    private static int remove(StoreConnection connection, NamespaceId namespace, String store, String id) {
        connection.update(DELETE_METADATA, statement -> bindKey(statement, namespace, store, id));
        return connection.update(DELETE_SEGMENT, statement -> bindKey(statement, namespace, store, id));
    }

    private static void bindKey(PreparedStatement statement, NamespaceId namespace, String store, String id)
            throws SQLException {
        statement.setLong(1, namespace.value());
        statement.setString(2, store);
        statement.setString(3, id);
    }

    private static void bindIds(PreparedStatement statement, NamespaceId namespace, String store, List<String> ids)
            throws SQLException {
        statement.setLong(1, namespace.value());
        statement.setString(2, store);
        for (int i = 0; i < ids.size(); i++) {
            statement.setString(3 + i, ids.get(i));
        }
    }

    /** Binds the type and value columns (5 to 8) of a metadata row. */
    private static void bindValue(PreparedStatement statement, Object value) throws SQLException {
        String type;
        String text = null;
        Long whole = null;
        Double real = null;
        if (value instanceof String string) {
            type = "s";
            text = string;
        } else if (value instanceof UUID uuid) {
            type = "u";
            text = uuid.toString();
        } else if (value instanceof Integer || value instanceof Long) {
            type = value instanceof Integer ? "i" : "l";
            whole = ((Number) value).longValue();
        } else if (value instanceof Float || value instanceof Double) {
            type = value instanceof Float ? "f" : "d";
            real = ((Number) value).doubleValue();
        } else if (value instanceof Boolean flag) {
            type = "b";
            text = flag.toString();
        } else {
            throw ColonyException.invalid("metadata", "holds a " + value.getClass().getSimpleName()
                    + "; only strings, UUIDs, integers, longs, floats, doubles and booleans are stored");
        }
        statement.setString(5, type);
        Parameters.setString(statement, 6, text);
        Parameters.setLong(statement, 7, whole);
        if (real == null) {
            statement.setNull(8, Types.DOUBLE);
        } else {
            statement.setDouble(8, real);
        }
    }

    /** The typed value of a metadata row read from columns 3 to 6 (type, text, whole, real). */
    private static Object value(ResultSet rs) throws SQLException {
        String type = rs.getString(3);
        switch (type) {
            case "s":
                return rs.getString(4);
            case "u":
                return UUID.fromString(rs.getString(4));
            case "i":
                return (int) rs.getLong(5);
            case "l":
                return rs.getLong(5);
            case "f":
                return (float) rs.getDouble(6);
            case "d":
                return rs.getDouble(6);
            case "b":
                return Boolean.valueOf(rs.getString(4));
            default:
                throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                        "a segment's metadata has unknown type '" + type + "'");
        }
    }
}
