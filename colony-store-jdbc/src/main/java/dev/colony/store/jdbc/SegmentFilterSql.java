package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.segment.SegmentFilter;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A {@link SegmentFilter} as an SQL condition on the {@code segments} row aliased {@code s}, with its parameters.
 * Each key condition is an {@code EXISTS} over the segment's metadata rows, so a missing key is false and its
 * negation true; numbers compare by value across the integer and real columns, strings and UUIDs by text, and a
 * boolean is only equal to the same boolean (its row's {@code text_value} under type {@code b}).
 */
final class SegmentFilterSql {

    private final Dialect dialect;
    private final StringBuilder sql = new StringBuilder();
    private final List<Object> parameters = new ArrayList<>();

    private SegmentFilterSql(Dialect dialect) {
        this.dialect = dialect;
    }

    /** The condition for {@code filter}; one that always holds ({@code 1 = 1}) when it is null. */
    static SegmentFilterSql of(SegmentFilter filter, Dialect dialect) {
        SegmentFilterSql translated = new SegmentFilterSql(dialect);
        if (filter == null) {
            translated.sql.append("1 = 1");
        } else {
            translated.append(filter);
        }
        return translated;
    }

    String sql() {
        return sql.toString();
    }

    /** Binds the parameters from position {@code first} on; returns the next free position. */
    int bind(PreparedStatement statement, int first) throws SQLException {
        int index = first;
        for (Object parameter : parameters) {
            if (parameter instanceof String text) {
                statement.setString(index++, text);
            } else if (parameter instanceof Long number) {
                statement.setLong(index++, number);
            } else {
                statement.setDouble(index++, (Double) parameter);
            }
        }
        return index;
    }

    private void append(SegmentFilter filter) {
        if (filter instanceof SegmentFilter.And and) {
            binary(and.left(), " AND ", and.right());
        } else if (filter instanceof SegmentFilter.Or or) {
            binary(or.left(), " OR ", or.right());
        } else if (filter instanceof SegmentFilter.Not not) {
            sql.append("NOT (");
            append(not.filter());
            sql.append(')');
        } else if (filter instanceof SegmentFilter.Compare compare) {
            key(compare.key());
            value(compare.key(), compare.comparison(), compare.value());
            sql.append(')');
        } else if (filter instanceof SegmentFilter.In in) {
            key(in.key());
            sql.append('(');
            for (int i = 0; i < in.values().size(); i++) {
                sql.append(i == 0 ? "(" : " OR (");
                value(in.key(), SegmentFilter.Comparison.EQUAL, in.values().get(i));
                sql.append(')');
            }
            sql.append("))");
        } else {
            SegmentFilter.Contains contains = (SegmentFilter.Contains) filter;
            key(contains.key());
            sql.append("m.value_type = 's' AND ").append(dialect.containsText("m.text_value")).append(')');
            parameters.add(contains.text());
        }
    }

    private void binary(SegmentFilter left, String operator, SegmentFilter right) {
        sql.append('(');
        append(left);
        sql.append(operator);
        append(right);
        sql.append(')');
    }

    /** Opens the {@code EXISTS} over the metadata row of {@code key}, leaving a place for its condition. */
    private void key(String key) {
        sql.append("EXISTS (SELECT 1 FROM segment_metadata m WHERE m.namespace_id = s.namespace_id")
                .append(" AND m.store_name = s.store_name AND m.segment_id = s.segment_id AND m.meta_key = ? AND ");
        parameters.add(key);
    }

    private void value(String key, SegmentFilter.Comparison comparison, Object value) {
        String operator = switch (comparison) {
            case EQUAL -> " = ?";
            case GREATER -> " > ?";
            case GREATER_OR_EQUAL -> " >= ?";
            case LESS -> " < ?";
            case LESS_OR_EQUAL -> " <= ?";
        };
        if (value instanceof String || value instanceof UUID) {
            sql.append("m.value_type IN ('s', 'u') AND ").append(dialect.binaryText("m.text_value")).append(operator);
            parameters.add(value.toString());
        } else if (value instanceof Integer || value instanceof Long) {
            sql.append("(m.long_value").append(operator).append(" OR m.real_value").append(operator).append(')');
            parameters.add(((Number) value).longValue());
            parameters.add(((Number) value).doubleValue());
        } else if (value instanceof Float || value instanceof Double) {
            sql.append("(m.long_value").append(operator).append(" OR m.real_value").append(operator).append(')');
            parameters.add(((Number) value).doubleValue());
            parameters.add(((Number) value).doubleValue());
        } else if (value instanceof Boolean flag) {
            if (comparison != SegmentFilter.Comparison.EQUAL) {
                throw ColonyException.invalid("filter." + key, "compares a boolean by " + comparison
                        + "; booleans are only equal or not");
            }
            sql.append("m.value_type = 'b' AND m.text_value = ?");
            parameters.add(flag.toString());
        } else {
            throw ColonyException.invalid("filter", "compares with a " + (value == null ? "null"
                    : value.getClass().getSimpleName()) + "; only strings, UUIDs, numbers and booleans are stored");
        }
    }
}
