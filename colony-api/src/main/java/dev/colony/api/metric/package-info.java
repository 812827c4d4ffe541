/**
 * Accounting of tool calls: one {@link dev.colony.api.metric.ToolMetric} row per call (tool, caller,
 * duration, bytes and estimated tokens in and out, outcome), recorded through
 * {@link dev.colony.api.metric.ToolMetrics} and kept in a table of its own.
 */
package dev.colony.api.metric;
