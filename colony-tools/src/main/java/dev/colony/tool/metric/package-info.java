/**
 * The metrics tool: what the caller's tool calls cost, and an estimate of what the same work costs without a
 * shared memory. {@link dev.colony.tool.metric.MetricTools#ALL} lists it.
 */
package dev.colony.tool.metric;
