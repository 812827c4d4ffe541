package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.metric.ToolMetric;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link dev.colony.spi.storage.ToolMetricRecords}: rows kept exactly, listed by time window and session. */
public interface ToolMetricContract extends StoreUnderTest {

    private static ToolMetric row(SessionId session, Instant at, String tool, String errorCode) {
        return new ToolMetric(at, tool, UserId.of("metrics-user"), session, Duration.ofNanos(1_234_000), 57,
                2_049, 15, 513, errorCode == null, errorCode);
    }

    @Test
    default void toolMetricRowsAreKeptExactlyAndListedOldestFirst() {
        StorageProvider store = store();
        SessionId session = SessionId.of(Fixtures.unique("metrics"));
        ToolMetric search = row(session, Fixtures.T0.plusMillis(20), "search", null);
        ToolMetric failed = row(session, Fixtures.T0.plusMillis(10), "memory_add", "INVALID_ARGUMENT");
        ToolMetric sameTime = row(session, Fixtures.T0.plusMillis(20), "timeline", null);

        store.write(tx -> {
            tx.toolMetrics().insertAll(List.of(search, failed, sameTime));
            return null;
        });

        List<ToolMetric> listed = store.read(tx -> tx.toolMetrics().list(Fixtures.T0, Fixtures.T0.plusSeconds(1),
                session, 10));
        assertThat(listed).containsExactly(failed, search, sameTime);
        assertThat(listed.get(0).duration()).isEqualTo(Duration.ofNanos(1_234_000));
        assertThat(listed.get(0).ok()).isFalse();
        assertThat(listed.get(1).errorCode()).isNull();
    }

    @Test
    default void toolMetricListingHonoursTheWindowTheSessionAndTheLimit() {
        StorageProvider store = store();
        SessionId mine = SessionId.of(Fixtures.unique("metrics"));
        SessionId other = SessionId.of(Fixtures.unique("metrics"));
        Instant base = Fixtures.T0.plusSeconds(3_600);
        List<ToolMetric> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(row(i % 2 == 0 ? mine : other, base.plusMillis(i), "search", null));
        }
        store.write(tx -> {
            tx.toolMetrics().insertAll(rows);
            return null;
        });

        List<ToolMetric> mineOnly = store.read(tx -> tx.toolMetrics().list(base, base.plusSeconds(1), mine, 1_000));
        assertThat(mineOnly).hasSize(150).allSatisfy(row -> assertThat(row.session()).isEqualTo(mine));
        List<ToolMetric> window = store.read(tx -> tx.toolMetrics().list(base.plusMillis(10), base.plusMillis(20),
                null, 1_000));
        assertThat(window).extracting(ToolMetric::at).containsExactlyElementsOf(
                rows.subList(10, 20).stream().map(ToolMetric::at).toList());
        List<ToolMetric> limited = store.read(tx -> tx.toolMetrics().list(base, base.plusSeconds(1), other, 7));
        assertThat(limited).hasSize(7);
        assertThat(limited.get(0).at()).isEqualTo(base.plusMillis(1));
    }

    @Test
    default void toolMetricRowsOfARolledBackUnitAreNotKept() {
        StorageProvider store = store();
        SessionId session = SessionId.of(Fixtures.unique("metrics"));
        try {
            store.write(tx -> {
                tx.toolMetrics().insertAll(List.of(row(session, Fixtures.T0, "search", null)));
                throw new IllegalStateException("roll back");
            });
        } catch (IllegalStateException expected) {
            // the unit rolled back
        }
        List<ToolMetric> kept = store.read(tx -> tx.toolMetrics().list(Fixtures.T0, Fixtures.T0.plusSeconds(1),
                session, 10));
        assertThat(kept).isEmpty();
    }
}
