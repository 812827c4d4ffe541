/**
 * The signal tool: {@code signal} with action send, check or ack.
 * {@link dev.colony.tool.signal.SignalTools#ALL} lists it.
 */
package dev.colony.tool.signal;
