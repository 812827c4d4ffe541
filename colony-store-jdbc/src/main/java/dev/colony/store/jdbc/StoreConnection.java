package dev.colony.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * One pooled database connection of a {@link JdbcStorageProvider}: its long-lived Jdbi handle plus the
 * prepared statements of the hot paths (transaction boundaries, memory inserts), kept for reuse so that
 * a short transaction costs little more than its SQL. Used by one thread at a time; a
 * {@link Dialect} receives it to begin and end transactions.
 */
public final class StoreConnection {

    private final Handle handle;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    StoreConnection(Handle handle) {
        this.handle = handle;
    }

    /** The Jdbi handle over this connection. */
    public Handle handle() {
        return handle;
    }

    /** Executes {@code sql}, a statement without parameters, through a prepared statement kept for reuse. */
    public void execute(String sql) {
        try {
            prepared(sql, false).execute();
        } catch (SQLException e) {
            throw new JdbcFailure(sql, e);
        }
    }

    /** Executes {@code sql} (see {@link #execute}) and returns how many rows it changed. */
    public int update(String sql) {
        try {
            return prepared(sql, false).executeUpdate();
        } catch (SQLException e) {
            throw new JdbcFailure(sql, e);
        }
    }

    /** Sets the JDBC auto-commit mode of the connection. */
    public void setAutoCommit(boolean autoCommit) {
        try {
            handle.getConnection().setAutoCommit(autoCommit);
        } catch (SQLException e) {
            throw new JdbcFailure("setAutoCommit(" + autoCommit + ")", e);
        }
    }

    /** Commits through JDBC (for connections not in auto-commit mode). */
    public void commit() {
        try {
            handle.getConnection().commit();
        } catch (SQLException e) {
            throw new JdbcFailure("commit", e);
        }
    }

    /** Rolls back through JDBC (for connections not in auto-commit mode). */
    public void rollback() {
        try {
            handle.getConnection().rollback();
        } catch (SQLException e) {
            throw new JdbcFailure("rollback", e);
        }
    }

    /** Sets the parameters of a prepared statement. */
    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    /** Reads the current row of a result set. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Runs the query {@code sql} through a kept prepared statement and reads its first row, if any. */
    <T> Optional<T> findOne(String sql, Binder binder, RowReader<T> reader) {
        try {
            PreparedStatement statement = prepared(sql, false);
            binder.bind(statement);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(reader.read(rows)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new JdbcFailure(sql, e);
        }
    }

    /** Runs the update {@code sql} through a kept prepared statement; returns how many rows it changed. */
    int update(String sql, Binder binder) {
        try {
            PreparedStatement statement = prepared(sql, false);
            binder.bind(statement);
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new JdbcFailure(sql, e);
        }
    }

    /** The prepared statement for {@code sql}, prepared on first use. */
    PreparedStatement prepared(String sql, boolean generatedKeys) throws SQLException {
        PreparedStatement statement = statements.get(sql);
        if (statement == null) {
            Connection connection = handle.getConnection();
            statement = generatedKeys
                    ? connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)
                    : connection.prepareStatement(sql);
            statements.put(sql, statement);
        }
        return statement;
    }

    /** Closes the statements and the connection. */
    void close() {
        for (PreparedStatement statement : statements.values()) {
            try {
                statement.close();
            } catch (SQLException ignored) {
                // The connection is closed next, which releases whatever the statement still holds.
            }
        }
        statements.clear();
        handle.close();
    }
}
