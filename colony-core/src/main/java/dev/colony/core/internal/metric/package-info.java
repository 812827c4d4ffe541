/**
 * Accounting of tool calls: {@link dev.colony.core.internal.metric.ToolMetricWriter} queues one row per call and
 * writes the rows in batches on a thread of its own, flushing on an interval of the Colony's clock and
 * on close.
 */
package dev.colony.core.internal.metric;
