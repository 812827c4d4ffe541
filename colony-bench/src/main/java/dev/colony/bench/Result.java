package dev.colony.bench;

import java.util.Locale;

/**
 * The outcome of one scenario: the measured subject, the raw baseline and how their ratio compares
 * with the scenario's target.
 *
 * @param scenario scenario name
 * @param size the scenario's size parameter
 * @param subject what Colony did
 * @param baseline what the raw baseline did
 * @param ratioName what the ratio compares (e.g. ops/s colony / raw)
 * @param ratio the measured ratio
 * @param target a readable target, e.g. {@code ratio >= 0.30}
 * @param met whether the target was met
 * @param note extra context (e.g. index build time)
 */
record Result(
        String scenario,
        int size,
        Latencies subject,
        Latencies baseline,
        String ratioName,
        double ratio,
        String target,
        boolean met,
        String note) {

    String json() {
        return String.format(Locale.ROOT,
                "{\"scenario\":\"%s\",\"size\":%d,\"ops\":%d,\"ops_per_s\":%.1f,\"p50_ms\":%.4f,\"p95_ms\":%.4f,"
                        + "\"p99_ms\":%.4f,\"baseline_ops\":%d,\"baseline_ops_per_s\":%.1f,\"baseline_p50_ms\":%.4f,"
                        + "\"baseline_p95_ms\":%.4f,\"baseline_p99_ms\":%.4f,\"ratio_name\":\"%s\",\"ratio\":%.3f,"
                        + "\"target\":\"%s\",\"target_met\":%s,\"note\":\"%s\"}",
                scenario, size, subject.count(), subject.opsPerSecond(), subject.percentileMillis(50),
                subject.percentileMillis(95), subject.percentileMillis(99), baseline.count(),
                baseline.opsPerSecond(), baseline.percentileMillis(50), baseline.percentileMillis(95),
                baseline.percentileMillis(99), ratioName, ratio, target, met, note.replace("\"", "'"));
    }
}
