package dev.colony.bench;

import java.util.Arrays;

/** Per-operation latencies of one measured run, in nanoseconds, and the wall time of the run. */
final class Latencies {

    private final long[] nanos;
    private int count;
    private long wallNanos;

    Latencies(int capacity) {
        this.nanos = new long[capacity];
    }

    void record(long elapsedNanos) {
        nanos[count++] = elapsedNanos;
    }

    void addWall(long elapsed) {
        wallNanos += elapsed;
    }

    /** Adds the latencies and wall time of {@code other}. */
    void addAll(Latencies other) {
        System.arraycopy(other.nanos, 0, nanos, count, other.count);
        count += other.count;
        wallNanos += other.wallNanos;
    }

    int count() {
        return count;
    }

    /** Operations per second over the wall time of the measured loops. */
    double opsPerSecond() {
        return wallNanos == 0 ? 0 : count * 1e9 / wallNanos;
    }

    /** The {@code p}-th percentile (0 to 100) in milliseconds, nearest-rank. */
    double percentileMillis(double p) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * count);
        return sorted[Math.max(0, Math.min(count - 1, rank - 1))] / 1e6;
    }
}
