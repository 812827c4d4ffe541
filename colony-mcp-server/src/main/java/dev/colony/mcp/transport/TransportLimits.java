package dev.colony.mcp.transport;

import java.time.Duration;

/**
 * How much the stdio transport accepts at once.
 *
 * @param maxLineBytes the longest input line, in bytes, that is parsed; a longer line is refused with a
 *     JSON-RPC error and skipped without being held in memory beyond this size
 * @param callThreads how many tool calls run at the same time
 * @param queuedCalls how many more calls may wait for a thread; beyond that a call is refused as busy
 *     instead of blocking the reading thread
 * @param drainTimeout how long the end of input waits for running calls to answer before giving up on
 *     them
 */
public record TransportLimits(int maxLineBytes, int callThreads, int queuedCalls, Duration drainTimeout) {

    /** 16 MiB: a line longer than this is refused. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    /** Checks the bounds. */
    public TransportLimits {
        if (maxLineBytes < 1024) {
            throw new IllegalArgumentException("maxLineBytes must be at least 1024, was " + maxLineBytes);
        }
        if (callThreads < 1 || queuedCalls < 1) {
            throw new IllegalArgumentException("callThreads and queuedCalls must be positive");
        }
        if (drainTimeout == null || drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drainTimeout must be zero or positive");
        }
    }

    /** 16 MiB lines, 16 concurrent calls, 256 queued, 30 s to drain at the end of input. */
    public static TransportLimits defaults() {
        return new TransportLimits(DEFAULT_MAX_LINE_BYTES, 16, 256, Duration.ofSeconds(30));
    }

    /** The same limits with another line limit. */
    public TransportLimits withMaxLineBytes(int bytes) {
        return new TransportLimits(bytes, callThreads, queuedCalls, drainTimeout);
    }

    /** The same limits with another number of call threads and queue places. */
    public TransportLimits withCalls(int threads, int queued) {
        return new TransportLimits(maxLineBytes, threads, queued, drainTimeout);
    }
}
