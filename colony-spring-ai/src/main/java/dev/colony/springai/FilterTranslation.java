package dev.colony.springai;

import dev.colony.api.ColonyException;
import dev.colony.api.segment.SegmentFilter;
import dev.colony.api.segment.SegmentFilter.Comparison;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.ai.vectorstore.filter.Filter;

/**
 * Spring AI filter expressions as Colony segment filters: the same tree, run by the store in its own query
 * language. Values may be strings, UUIDs, numbers and booleans (as the segments' metadata; a boolean only with
 * {@code ==} and {@code !=}, which the store checks naming {@code filter.<key>}); anything else (a date) is
 * refused naming {@code filterExpression}, never evaluated in memory.
 */
final class FilterTranslation {

    private FilterTranslation() {
    }

    /** {@code expression} as a segment filter. */
    static SegmentFilter translate(Filter.Expression expression) {
        if (expression == null) {
            throw ColonyException.invalid("filterExpression", "is required");
        }
        return switch (expression.type()) {
            case AND -> new SegmentFilter.And(operand(expression.left()), operand(expression.right()));
            case OR -> new SegmentFilter.Or(operand(expression.left()), operand(expression.right()));
            case NOT -> new SegmentFilter.Not(operand(expression.left()));
            case EQ -> compare(expression, Comparison.EQUAL);
            case NE -> new SegmentFilter.Not(compare(expression, Comparison.EQUAL));
            case GT -> compare(expression, Comparison.GREATER);
            case GTE -> compare(expression, Comparison.GREATER_OR_EQUAL);
            case LT -> compare(expression, Comparison.LESS);
            case LTE -> compare(expression, Comparison.LESS_OR_EQUAL);
            case IN -> new SegmentFilter.In(key(expression), values(expression));
            case NIN -> new SegmentFilter.Not(new SegmentFilter.In(key(expression), values(expression)));
            case ISNOTNULL -> present(key(expression));
            case ISNULL -> new SegmentFilter.Not(present(key(expression)));
        };
    }

    private static SegmentFilter operand(Filter.Operand operand) {
        if (operand instanceof Filter.Expression expression) {
            return translate(expression);
        }
        if (operand instanceof Filter.Group group) {
            return translate(group.content());
        }
        throw ColonyException.invalid("filterExpression", "expected a condition, found " + operand);
    }

    private static SegmentFilter compare(Filter.Expression expression, Comparison comparison) {
        return new SegmentFilter.Compare(key(expression), comparison, value(single(expression)));
    }

    /**
     * The key has a value of any kind: every string is at least "", every number at most or above the largest,
     * every boolean true or false.
     */
    private static SegmentFilter present(String key) {
        return new SegmentFilter.Or(new SegmentFilter.Compare(key, Comparison.GREATER_OR_EQUAL, ""),
                new SegmentFilter.Or(new SegmentFilter.Compare(key, Comparison.LESS_OR_EQUAL, Double.MAX_VALUE),
                        new SegmentFilter.Or(new SegmentFilter.Compare(key, Comparison.GREATER, Double.MAX_VALUE),
                                new SegmentFilter.Or(new SegmentFilter.Compare(key, Comparison.EQUAL, true),
                                        new SegmentFilter.Compare(key, Comparison.EQUAL, false)))));
    }

    private static String key(Filter.Expression expression) {
        if (!(expression.left() instanceof Filter.Key key)) {
            throw ColonyException.invalid("filterExpression", expression.type() + " needs a metadata key on its left");
        }
        String name = key.key();
        if (name.length() >= 2 && (name.startsWith("\"") && name.endsWith("\"")
                || name.startsWith("'") && name.endsWith("'"))) {
            name = name.substring(1, name.length() - 1);
        }
        return name;
    }

    private static Object single(Filter.Expression expression) {
        if (!(expression.right() instanceof Filter.Value value) || value.value() instanceof Collection<?>) {
            throw ColonyException.invalid("filterExpression", expression.type() + " needs one value on its right");
        }
        return value.value();
    }

    private static List<Object> values(Filter.Expression expression) {
        if (!(expression.right() instanceof Filter.Value value) || !(value.value() instanceof Collection<?> list)
                || list.isEmpty()) {
            throw ColonyException.invalid("filterExpression", expression.type() + " needs a list of values");
        }
        List<Object> values = new ArrayList<>(list.size());
        for (Object item : list) {
            values.add(value(item));
        }
        return values;
    }

    private static Object value(Object value) {
        if (value instanceof String || value instanceof UUID || value instanceof Integer || value instanceof Long
                || value instanceof Float || value instanceof Double || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Short || value instanceof Byte) {
            return ((Number) value).intValue();
        }
        if (value instanceof BigInteger || value instanceof BigDecimal) {
            return ((Number) value).doubleValue();
        }
        throw ColonyException.invalid("filterExpression", "compares with " + (value == null ? "null"
                : "a " + value.getClass().getSimpleName()) + "; Colony compares strings, UUIDs, numbers and booleans");
    }
}
