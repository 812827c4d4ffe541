package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.SessionId;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunStatus;
import dev.colony.spi.storage.RunRecords.StoredRun;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.RunRecords}: a run round-trips, changes by compare-and-set on its version,
 * counts and promotes across the store by queue position, lists newest first with its filters, and sets its
 * notification latch once.
 */
public interface RunContract extends StoreUnderTest {

    @Test
    default void aRunRoundTripsAndChangesByCompareAndSet() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredRun row = run(writer, "a" + suffix(), RunStatus.IN_PROGRESS, true, Fixtures.T0);
        store.write(tx -> {
            tx.runs().insert(row);
            return null;
        });

        Optional<StoredRun> found = store.read(tx -> tx.runs().find(row.run().id()));
        Instant at = Fixtures.T0.plusSeconds(5);
        Run finished = new Run(row.run().id(), RunKind.AGENT, "codex", "do it", null, null, null, null,
                writer.session().id(), true, RunStatus.FINISHED, null, null, null, writer.session().id(), "done", null,
                120L, 30L, null, Duration.ofSeconds(300), Duration.ofSeconds(5), Fixtures.T0, Fixtures.T0, at, false,
                1);
        Optional<StoredRun> updated = store.write(tx -> tx.runs().update(row.with(finished), at));
        Optional<StoredRun> stale = store.write(tx -> tx.runs().update(row.with(finished), at));

        assertThat(found).hasValueSatisfying(stored -> {
            assertThat(stored.run()).isEqualTo(row.run());
            assertThat(stored.namespace()).isEqualTo(writer.namespace().id());
            assertThat(stored.queuedAt()).isEqualTo(Fixtures.T0);
        });
        assertThat(updated).hasValueSatisfying(stored -> {
            assertThat(stored.run().status()).isEqualTo(RunStatus.FINISHED);
            assertThat(stored.run().result()).isEqualTo("done");
            assertThat(stored.run().promptTokens()).isEqualTo(120L);
            assertThat(stored.run().activeTime()).isEqualTo(Duration.ofSeconds(5));
            assertThat(stored.run().endedAt()).isEqualTo(at);
            assertThat(stored.run().version()).isEqualTo(2);
        });
        assertThat(stale).isEmpty();
        boolean first = store.write(tx -> tx.runs().claimNotification(row.run().id()));
        boolean second = store.write(tx -> tx.runs().claimNotification(row.run().id()));
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(store.read(tx -> tx.runs().find(row.run().id())).orElseThrow().run().notified()).isTrue();
        List<StoredRun> listed = store.read(tx -> tx.runs().list(List.of(writer.namespace().id()), null, null, null,
                10));
        List<StoredRun> ended = store.read(tx -> tx.runs().list(List.of(writer.namespace().id()), null,
                RunStatus.FINISHED, null, 10));
        assertThat(listed).as("a delivered run leaves the default listing").isEmpty();
        assertThat(ended).extracting(stored -> stored.run().id()).containsExactly(row.run().id());
    }

    @Test
    default void slotsAreCountedAndQueuedRunsComeOutOldestFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        int before = store.read(tx -> tx.runs().countInProgress());
        StoredRun running = run(writer, "b" + suffix(), RunStatus.IN_PROGRESS, true, Fixtures.T0);
        StoredRun later = run(writer, "a" + suffix(), RunStatus.QUEUED, true, Fixtures.T0.plusSeconds(2));
        StoredRun earlier = run(writer, "a" + suffix(), RunStatus.QUEUED, true, Fixtures.T0.minusSeconds(3600 * 24
                * 365 * 20L));
        StoredRun created = run(writer, "a" + suffix(), RunStatus.QUEUED, false, Fixtures.T0.minusSeconds(3600 * 24
                * 365 * 30L));
        store.write(tx -> {
            for (StoredRun row : List.of(running, later, earlier, created)) {
                tx.runs().insert(row);
            }
            return null;
        });

        int count = store.read(tx -> tx.runs().countInProgress());
        Optional<StoredRun> next = store.read(tx -> tx.runs().nextQueued());
        List<StoredRun> mine = store.read(tx -> tx.runs().list(List.of(writer.namespace().id()), null, null, null,
                10));
        List<StoredRun> queued = store.read(tx -> tx.runs().list(List.of(writer.namespace().id()), "codex",
                RunStatus.QUEUED, null, 10));

        assertThat(count).isEqualTo(before + 1);
        assertThat(next).as("dispatched only, oldest in line").hasValueSatisfying(row -> assertThat(row.run().id())
                .isEqualTo(earlier.run().id()));
        assertThat(mine).extracting(row -> row.run().id()).containsExactlyInAnyOrder(running.run().id(),
                later.run().id(), earlier.run().id(), created.run().id());
        assertThat(queued).hasSize(3);
    }

    @Test
    default void runsAreFoundByIdsAndByTheSessionThatExecutesThem() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        SessionId executor = writer.session().id();
        StoredRun working = executing(run(writer, "a" + suffix(), RunStatus.IN_PROGRESS, true, Fixtures.T0),
                executor, RunStatus.IN_PROGRESS);
        StoredRun asking = executing(run(writer, "a" + suffix(), RunStatus.BLOCKED, true, Fixtures.T0.plusSeconds(1)),
                executor, RunStatus.BLOCKED);
        StoredRun done = executing(run(writer, "a" + suffix(), RunStatus.FINISHED, true, Fixtures.T0), executor,
                RunStatus.FINISHED);
        StoredRun answered = executing(run(writer, "a" + suffix(), RunStatus.QUEUED, true, Fixtures.T0), executor,
                RunStatus.QUEUED);
        StoredRun untaken = run(writer, "a" + suffix(), RunStatus.IN_PROGRESS, true, Fixtures.T0);
        StoredRun queued = run(writer, "a" + suffix(), RunStatus.QUEUED, true, Fixtures.T0);
        store.write(tx -> {
            for (StoredRun row : List.of(working, asking, done, answered, untaken, queued)) {
                tx.runs().insert(row);
            }
            return null;
        });

        List<StoredRun> found = store.read(tx -> tx.runs().findAll(List.of(working.run().id(), untaken.run().id(),
                new RunId("a" + suffix()), working.run().id())));
        List<StoredRun> executed = store.read(tx -> tx.runs().executedBy(executor));

        assertThat(found).extracting(row -> row.run().id()).as("unknown ids are skipped, repeated ones read once")
                .containsExactlyInAnyOrder(working.run().id(), untaken.run().id());
        assertThat(found).filteredOn(row -> row.run().id().equals(working.run().id())).singleElement()
                .satisfies(row -> assertThat(row.run()).isEqualTo(working.run()));
        List<StoredRun> none = store.read(tx -> tx.runs().findAll(List.of()));
        assertThat(none).isEmpty();
        assertThat(executed).extracting(row -> row.run().id()).as("live runs of that executor only, a resumed one "
                + "queued for a slot included").containsExactlyInAnyOrder(working.run().id(), asking.run().id(),
                        answered.run().id());
    }

    /** {@code row} executed by {@code session}, in {@code status}. */
    private static StoredRun executing(StoredRun row, SessionId session, RunStatus status) {
        Run run = row.run();
        return row.with(new Run(run.id(), run.kind(), run.agent(), run.message(), run.command(), run.cwd(),
                run.parent(), run.task(), run.spawnedBy(), run.dispatched(), status, status == RunStatus.BLOCKED
                        ? BlockedOn.USER_INPUT : null, status == RunStatus.BLOCKED ? "which one?" : null, null,
                session, null, null, null, null, null, run.timeout(), run.activeTime(), run.createdAt(),
                status == RunStatus.IN_PROGRESS ? run.createdAt() : null, status.terminal() ? run.createdAt() : null,
                false, 1));
    }

    private static String suffix() {
        String digits = Long.toString(UUID.randomUUID().getMostSignificantBits() & Long.MAX_VALUE, 36);
        return (digits + "00000000").substring(0, 8);
    }

    private static StoredRun run(Fixtures.Writer writer, String id, RunStatus status, boolean dispatched,
            Instant queuedAt) {
        SessionId session = writer.session().id();
        return new StoredRun(writer.namespace().id(), queuedAt, new Run(new RunId(id), new RunId(id).kind(), "codex",
                "do it", null, null, null, null, session, dispatched, status, null, null, null, null, null, null, null,
                null, null, Duration.ofSeconds(300), Duration.ZERO, Fixtures.T0,
                status == RunStatus.IN_PROGRESS ? Fixtures.T0 : null, null, false, 1));
    }
}
