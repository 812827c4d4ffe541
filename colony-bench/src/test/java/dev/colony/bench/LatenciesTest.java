package dev.colony.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatenciesTest {

    @Test
    void percentilesUseNearestRank() {
        Latencies latencies = new Latencies(100);
        for (int i = 100; i >= 1; i--) {
            latencies.record(i * 1_000_000L);
        }

        assertThat(latencies.percentileMillis(50)).isEqualTo(50.0);
        assertThat(latencies.percentileMillis(95)).isEqualTo(95.0);
        assertThat(latencies.percentileMillis(99)).isEqualTo(99.0);
        assertThat(latencies.percentileMillis(100)).isEqualTo(100.0);
    }

    @Test
    void opsPerSecondCountsWallTime() {
        Latencies latencies = new Latencies(10);
        for (int i = 0; i < 10; i++) {
            latencies.record(1);
        }
        latencies.addWall(2_000_000_000L);

        assertThat(latencies.opsPerSecond()).isCloseTo(5.0, within(1e-9));
    }
}
