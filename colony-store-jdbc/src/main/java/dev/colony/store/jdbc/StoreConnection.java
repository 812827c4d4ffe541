package dev.colony.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;

/**
 * One pooled database connection of a {@link JdbcStorageProvider}: its long-lived Jdbi handle and the
 * connection's prepared statements ({@link KeptStatements}), kept for reuse so that a short transaction
 * costs little more than its SQL: both the statements Jdbi runs and those of the hot paths that bind by
 * hand (transaction boundaries, memory inserts). Used by one thread at a time; a {@link Dialect}
 * receives it to begin and end transactions.
 */
public final class StoreConnection {

    private final Handle handle;
    private final KeptStatements statements = new KeptStatements(KeptStatements.DEFAULT_CAPACITY);

    StoreConnection(Handle handle) {
        this.handle = handle;
        handle.setStatementBuilder(statements);
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

    /** Runs the query {@code sql} through a kept prepared statement and reads every row. */
    <T> List<T> list(String sql, Binder binder, RowReader<T> reader) {
        try {
            PreparedStatement statement = prepared(sql, false);
            binder.bind(statement);
            List<T> found = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    found.add(reader.read(rows));
                }
            }
            return found;
        } catch (SQLException e) {
            throw new JdbcFailure(sql, e);
        }
    }

    /** Runs the query {@code sql} through a kept prepared statement and hands each row to {@code reader}. */
    void each(String sql, Binder binder, RowReader<?> reader) {
        try {
            PreparedStatement statement = prepared(sql, false);
            binder.bind(statement);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
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

    /** The prepared statement for {@code sql}, prepared on first use and kept until the connection closes. */
    PreparedStatement prepared(String sql, boolean generatedKeys) throws SQLException {
        return statements.pinned(handle.getConnection(), sql, generatedKeys);
    }

    /** Closes the statements and the connection. */
    void close() {
        statements.close(handle.getConnection());
        handle.close();
    }
}
