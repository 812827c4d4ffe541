package dev.colony.store.jdbc;

import java.sql.SQLException;

/**
 * A database error raised outside Jdbi (by the statements {@link StoreConnection} prepares itself);
 * the provider treats it like a {@link org.jdbi.v3.core.JdbiException}: retried when the database was
 * busy, reported as {@code STORAGE_FAILURE} otherwise.
 */
final class JdbcFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    JdbcFailure(String sql, SQLException cause) {
        super(cause.getMessage() + " [" + sql + "]", cause);
    }

    @Override
    public synchronized SQLException getCause() {
        return (SQLException) super.getCause();
    }
}
