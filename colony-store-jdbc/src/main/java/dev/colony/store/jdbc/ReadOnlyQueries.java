package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.spi.storage.StorageTransaction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.jdbi.v3.core.statement.Query;

/**
 * One plain {@code SELECT} inside a read transaction of a SQL store, for checks that look at the stored rows
 * themselves rather than through the facets: the store TCK's invariants after each test. Only reads: a write
 * transaction and any statement but a single {@code SELECT} (or {@code WITH … SELECT}) are refused, so this
 * adds no way to change a store. Not for product code, which reads through the storage SPI.
 */
public final class ReadOnlyQueries {

    private ReadOnlyQueries() {
    }

    /** Whether {@code tx} is a transaction of a SQL store of this module, which {@link #select} can read. */
    public static boolean supports(StorageTransaction tx) {
        return tx instanceof JdbcTransaction;
    }

    /**
     * The rows of {@code sql}, its {@code ?} parameters bound to {@code arguments} in order. Each row is a list of
     * its columns' values, the same on every engine: whole numbers as {@code Long}, other numbers as
     * {@code Double}, text as {@code String}, booleans as {@code Boolean} (except where the engine stores them as
     * numbers, as SQLite does), and {@code null}.
     *
     * @throws ColonyException {@code INTERNAL} when {@code tx} is not a read transaction of a SQL store or
     *     {@code sql} is not one {@code SELECT}
     */
    public static List<List<Object>> select(StorageTransaction tx, String sql, Object... arguments) {
        if (!(tx instanceof JdbcTransaction jdbc) || jdbc.writes()) {
            throw new ColonyException(ErrorCode.INTERNAL, "read-only queries run only in a read transaction of a "
                    + "SQL store");
        }
        String head = sql.strip().toLowerCase(Locale.ROOT);
        if (!(head.startsWith("select") || head.startsWith("with")) || sql.indexOf(';') >= 0) {
            throw new ColonyException(ErrorCode.INTERNAL, "a read-only query must be one SELECT");
        }
        try (Query query = jdbc.handle().createQuery(sql)) {
            for (int i = 0; i < arguments.length; i++) {
                query.bind(i, arguments[i]);
            }
            return query.map((rs, ctx) -> row(rs)).list();
        }
    }

    private static List<Object> row(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<Object> row = new ArrayList<>(meta.getColumnCount());
        for (int column = 1; column <= meta.getColumnCount(); column++) {
            row.add(value(rs.getObject(column)));
        }
        return Collections.unmodifiableList(row);
    }

    /** One engine-neutral form per kind of value; see {@link #select}. */
    private static Object value(Object stored) {
        if (stored instanceof Integer || stored instanceof Long || stored instanceof Short || stored instanceof Byte) {
            return ((Number) stored).longValue();
        }
        if (stored instanceof BigInteger big) {
            return big.longValueExact();
        }
        if (stored instanceof BigDecimal decimal) {
            return decimal.stripTrailingZeros().scale() <= 0 ? (Object) decimal.longValueExact()
                    : (Object) decimal.doubleValue();
        }
        if (stored instanceof Float || stored instanceof Double) {
            return ((Number) stored).doubleValue();
        }
        return stored;
    }
}
