package dev.colony.api.metric;

import java.time.Instant;
import java.util.List;

/**
 * The record of tool calls: one {@link ToolMetric} per call, written in batches off the caller's path
 * and read back for reports.
 *
 * <p>{@link #record} only queues the row, so accounting never slows a call down; queued rows are
 * written when enough have gathered, when the flush interval has passed on the Colony's clock, when
 * {@link #flush} or {@link #list} is called, and when the Colony closes.
 */
public interface ToolMetrics {

    /**
     * Queues one row.
     *
     * @throws dev.colony.api.ColonyException {@code CLOSED} once the Colony has been closed
     */
    void record(ToolMetric metric);

    /** Writes every queued row now. */
    void flush();

    /**
     * Rows of calls that started in {@code [from, until)}, oldest first, at most {@code limit}; queued rows
     * are written first, so a call recorded before is always listed.
     *
     * @param limit 1 to {@value #MAX_LIST_LIMIT}
     */
    List<ToolMetric> list(Instant from, Instant until, int limit);

    /** The most rows one {@link #list} returns. */
    int MAX_LIST_LIMIT = 10_000;
}
