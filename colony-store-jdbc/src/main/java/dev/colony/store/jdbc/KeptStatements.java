package dev.colony.store.jdbc;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.statement.StatementBuilder;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The prepared statements of one long-lived connection, kept for reuse instead of being prepared and
 * closed around every use.
 *
 * <p>Preparing is a large share of a short statement's cost (SQLite parses and plans the SQL each
 * time; PostgreSQL's driver only switches to a server-side plan for a statement object it has run a
 * few times), and a store transaction runs a handful of short statements. As Jdbi's
 * {@link StatementBuilder} for the connection's handle, this class hands out an idle statement for the
 * same SQL when it has one and takes it back when Jdbi is done with it: parameters are cleared and the
 * statement waits, most recently used first, for the next use. A statement still in use when the same
 * SQL is asked for again (a nested query) is not shared: the second use gets a statement of its own.
 * At most {@code capacity} idle statements are kept; the least recently used one is closed to make
 * room, which bounds what SQL with varying text (expanded {@code IN} lists) can hold.
 *
 * <p>The hot paths that bind parameters by hand use {@link #pinned}: statements prepared once and kept
 * until the connection closes. Like the connection, an instance is used by one thread at a time.
 */
final class KeptStatements implements StatementBuilder {

    /** Idle statements kept per connection by default. */
    static final int DEFAULT_CAPACITY = 128;

    private final int capacity;
    private final LinkedHashMap<Key, PreparedStatement> idle;
    private final Map<Statement, Key> lent = new IdentityHashMap<>();
    private final Map<Key, PreparedStatement> pinned = new HashMap<>();

    KeptStatements(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.idle = new LinkedHashMap<>(16, 0.75f, true);
    }

    @Override
    public Statement create(Connection conn, StatementContext ctx) throws SQLException {
        return conn.createStatement();
    }

    @Override
    public PreparedStatement create(Connection conn, String sql, StatementContext ctx) throws SQLException {
        Key key = ctx.isReturningGeneratedKeys()
                ? new Key(sql, Mode.GENERATED_KEYS, ctx.getGeneratedKeysColumnNames())
                : new Key(sql, ctx.isConcurrentUpdatable() ? Mode.UPDATABLE : Mode.READ_ONLY, null);
        PreparedStatement statement = idle.remove(key);
        if (statement == null || statement.isClosed()) {
            statement = key.prepare(conn);
        }
        lent.put(statement, key);
        return statement;
    }

    @Override
    public CallableStatement createCall(Connection conn, String sql, StatementContext ctx) throws SQLException {
        return conn.prepareCall(sql);
    }

    /**
     * Takes back a statement Jdbi is done with: kept for the next use of its SQL when it came from
     * this builder and is still usable, closed otherwise.
     */
    @Override
    public void close(Connection conn, String sql, Statement stmt) throws SQLException {
        if (stmt == null) {
            return;
        }
        Key key = lent.remove(stmt);
        if (key == null || stmt.isClosed() || !(stmt instanceof PreparedStatement)) {
            stmt.close();
            return;
        }
        PreparedStatement statement = (PreparedStatement) stmt;
        try {
            statement.clearParameters();
        } catch (SQLException e) {
            statement.close();
            return;
        }
        PreparedStatement displaced = idle.put(key, statement);
        if (displaced != null && displaced != statement) {
            displaced.close();
        }
        if (idle.size() > capacity) {
            Iterator<PreparedStatement> eldest = idle.values().iterator();
            PreparedStatement evicted = eldest.next();
            eldest.remove();
            evicted.close();
        }
    }

    /**
     * A statement for {@code sql} prepared on first use and kept until the connection closes, for a
     * hot path that binds and runs it by hand (one use at a time, as the connection is).
     */
    PreparedStatement pinned(Connection conn, String sql, boolean generatedKeys) throws SQLException {
        Key key = new Key(sql, generatedKeys ? Mode.GENERATED_KEYS : Mode.READ_ONLY, null);
        PreparedStatement statement = pinned.get(key);
        if (statement == null) {
            statement = key.prepare(conn);
            pinned.put(key, statement);
        }
        return statement;
    }

    /** How many statements wait for reuse (pinned ones included); for tests. */
    int kept() {
        return idle.size() + pinned.size();
    }

    /** Closes every statement this builder still holds; the handle calls it when it closes. */
    @Override
    public void close(Connection conn) {
        List<Statement> all = new ArrayList<>(idle.values());
        all.addAll(pinned.values());
        all.addAll(lent.keySet());
        idle.clear();
        pinned.clear();
        lent.clear();
        for (Statement statement : all) {
            try {
                statement.close();
            } catch (SQLException ignored) {
                // The connection closes next, which releases whatever the statement still holds.
            }
        }
    }

    /** How a statement is prepared besides its SQL. */
    private enum Mode {
        READ_ONLY, UPDATABLE, GENERATED_KEYS
    }

    /** What makes two prepared statements interchangeable. */
    private static final class Key {

        private final String sql;
        private final Mode mode;
        private final String[] keyColumns;
        private final int hash;

        Key(String sql, Mode mode, String[] keyColumns) {
            this.sql = sql;
            this.mode = mode;
            this.keyColumns = keyColumns == null || keyColumns.length == 0 ? null : keyColumns.clone();
            this.hash = (sql.hashCode() * 31 + mode.hashCode()) * 31 + Arrays.hashCode(this.keyColumns);
        }

        PreparedStatement prepare(Connection conn) throws SQLException {
            switch (mode) {
                case GENERATED_KEYS:
                    return keyColumns == null ? conn.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)
                            : conn.prepareStatement(sql, keyColumns);
                case UPDATABLE:
                    return conn.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE);
                default:
                    return conn.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key && ((Key) other).hash == hash && ((Key) other).mode == mode
                    && ((Key) other).sql.equals(sql) && Arrays.equals(((Key) other).keyColumns, keyColumns);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
