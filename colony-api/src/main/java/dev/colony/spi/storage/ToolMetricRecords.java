package dev.colony.spi.storage;

import dev.colony.api.SessionId;
import dev.colony.api.metric.ToolMetric;
import java.time.Instant;
import java.util.List;

/** Tool-call rows in a table of their own; rows are appended and read, never changed. */
public interface ToolMetricRecords {

    /** Appends the rows in the given order (write transaction). */
    void insertAll(List<ToolMetric> rows);

    /**
     * Rows of calls that started in {@code [from, until)}, ordered by start time and then by insertion
     * order, at most {@code limit}.
     *
     * @param session only this session's rows, or {@code null} for every session
     * @param limit at least 1
     */
    List<ToolMetric> list(Instant from, Instant until, SessionId session, int limit);
}
