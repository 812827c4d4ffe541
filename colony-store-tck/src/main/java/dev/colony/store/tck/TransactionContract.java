package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.StorageProvider;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link StorageProvider#write} and {@link StorageProvider#read}: atomicity, pass-through, snapshots. */
public interface TransactionContract extends StoreUnderTest {

    @Test
    default void writeThatThrowsLeavesNoRowAndTheExceptionPassesThrough() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        long before = store.read(tx -> tx.memoryFeed().latestRev());
        IllegalStateException thrown = new IllegalStateException("unit failed");
        String sessionId = Fixtures.unique("rolled-back");

        Throwable caught = catchThrowable(() -> store.write(tx -> {
            tx.memories().insert(Fixtures.memory(writer, "never committed"));
            tx.sessions().upsert(Fixtures.session(writer.user(), sessionId, Fixtures.T0));
            throw thrown;
        }));

        assertThat(caught).isSameAs(thrown);
        var latest = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(latest).isEqualTo(before);
        var tail = store.read(tx -> tx.memoryFeed().changedSince(before, 10));
        assertThat(tail).isEmpty();
        var session = store.read(tx -> tx.sessions().find(SessionId.of(sessionId)));
        assertThat(session).isEmpty();
    }

    @Test
    default void colonyExceptionOfTheUnitPassesThroughWithItsCode() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        ColonyException thrown = ColonyException.invalid("content", "must not be blank");

        Throwable caught = catchThrowable(() -> store.write(tx -> {
            tx.memories().insert(Fixtures.memory(writer, "rolled back"));
            throw thrown;
        }));
        Throwable fromRead = catchThrowable(() -> store.read(tx -> {
            throw new ColonyException(ErrorCode.NOT_FOUND, "nothing here");
        }));

        assertThat(caught).isSameAs(thrown);
        assertThat(fromRead).isInstanceOf(ColonyException.class);
        assertThat(((ColonyException) fromRead).code()).isEqualTo(ErrorCode.NOT_FOUND);
        var timeline = store.read(tx -> tx.memories().timeline(writer.session().id(), Set.of(writer.namespace().id()),
                null, 10));
        assertThat(timeline).isEmpty();
    }

    @Test
    default void writeCommitsEverythingTheUnitDid() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);

        Memory memory = store.write(tx -> {
            tx.sessions().touch(writer.session().id(), Fixtures.T0.plusSeconds(9));
            return tx.memories().insert(Fixtures.memory(writer, "together"));
        });

        var found = store.read(tx -> tx.memories().find(memory.id()));
        assertThat(found).contains(memory);
        var lastSeen = store.read(tx -> tx.sessions().find(writer.session().id())).map(Session::lastSeen);
        assertThat(lastSeen)
                .contains(Fixtures.T0.plusSeconds(9));
    }

    @Test
    default void readRunsOnASnapshotThatConcurrentCommitsDoNotChange() throws Exception {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "before the snapshot")));
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            long[] seen = store.read(tx -> {
                long first = tx.memoryFeed().latestRev();
                Memory committed;
                try {
                    committed = other.submit(() -> store.write(
                            w -> w.memories().insert(Fixtures.memory(writer, "during the snapshot")))).get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                long second = tx.memoryFeed().latestRev();
                boolean visible = tx.memories().find(committed.id()).isPresent();
                return new long[] {first, second, committed.id().value(), visible ? 1 : 0};
            });

            assertThat(seen[1]).as("latest rev inside the snapshot").isEqualTo(seen[0]);
            assertThat(seen[3]).as("the concurrent commit is invisible to the snapshot").isZero();
            var latest = store.read(tx -> tx.memoryFeed().latestRev());
            assertThat(latest).as("a later read sees the concurrent commit's rev").isGreaterThan(seen[0]);
            var afterwards = store.read(tx -> tx.memories().find(MemoryId.of(seen[2])));
            assertThat(afterwards).isPresent();
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    default void readTransactionRefusesWrites() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        long before = store.read(tx -> tx.memoryFeed().latestRev());

        Throwable caught = catchThrowable(() -> store.read(tx -> tx.memories().insert(Fixtures.memory(writer, "no"))));

        assertThat(caught).isInstanceOf(ColonyException.class);
        var latest = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(latest).isEqualTo(before);
    }
}
