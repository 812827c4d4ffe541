package dev.colony.store.jdbc;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.metric.ToolMetric;
import dev.colony.spi.storage.ToolMetricRecords;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;

/** Tool-call rows in the {@code tool_metrics} table, appended in one JDBC batch per call of {@link #insertAll}. */
final class JdbcToolMetricRecords implements ToolMetricRecords {

    private static final String COLUMNS = "called_at, tool, user_id, session_id, duration_us, bytes_in, bytes_out, "
            + "tokens_in, tokens_out, ok, error_code";

    private final JdbcTransaction tx;

    JdbcToolMetricRecords(JdbcTransaction tx) {
        this.tx = tx;
    }

    @Override
    public void insertAll(List<ToolMetric> rows) {
        Handle handle = tx.writeHandle("toolMetrics.insertAll");
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedBatch batch = handle.prepareBatch("INSERT INTO tool_metrics (" + COLUMNS + ") VALUES (:at, "
                + ":tool, :user, :session, :duration, :bytesIn, :bytesOut, :tokensIn, :tokensOut, :ok, :errorCode)")) {
            for (ToolMetric row : rows) {
                batch.bind("at", row.at().toEpochMilli())
                        .bind("tool", row.tool())
                        .bind("user", row.user().value())
                        .bind("session", row.session().value())
                        .bind("duration", micros(row.duration()))
                        .bind("bytesIn", row.bytesIn())
                        .bind("bytesOut", row.bytesOut())
                        .bind("tokensIn", row.tokensIn())
                        .bind("tokensOut", row.tokensOut())
                        .bind("ok", row.ok())
                        .bind("errorCode", row.errorCode())
                        .add();
            }
            batch.execute();
        }
    }

    @Override
    public List<ToolMetric> list(Instant from, Instant until, SessionId session, int limit) {
        if (limit < 1) {
            throw ColonyException.invalid("limit", "must be at least 1, was " + limit);
        }
        String where = "called_at >= :from AND called_at < :until"
                + (session == null ? "" : " AND session_id = :session");
        try (Query query = tx.handle().createQuery("SELECT " + COLUMNS + " FROM tool_metrics WHERE " + where
                + " ORDER BY called_at, id LIMIT :limit")) {
            query.bind("from", from.toEpochMilli()).bind("until", until.toEpochMilli()).bind("limit", limit);
            if (session != null) {
                query.bind("session", session.value());
            }
            return query.map((rs, ctx) -> map(rs)).list();
        }
    }

    private static long micros(Duration duration) {
        try {
            return duration.toNanos() / 1_000;
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static ToolMetric map(ResultSet rs) throws SQLException {
        return new ToolMetric(
                Instant.ofEpochMilli(rs.getLong("called_at")),
                rs.getString("tool"),
                UserId.of(rs.getString("user_id")),
                SessionId.of(rs.getString("session_id")),
                Duration.of(rs.getLong("duration_us"), ChronoUnit.MICROS),
                rs.getLong("bytes_in"),
                rs.getLong("bytes_out"),
                rs.getLong("tokens_in"),
                rs.getLong("tokens_out"),
                rs.getBoolean("ok"),
                rs.getString("error_code"));
    }
}
