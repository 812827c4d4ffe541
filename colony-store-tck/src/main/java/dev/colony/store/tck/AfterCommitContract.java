package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.StorageProvider;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * {@code StorageTransaction.afterCommit}: actions run once the transaction committed, never for a
 * rolled-back one, and never for an attempt the store (or a wrapper such as
 * {@link RerunningProvider}) rolled back before running the unit again. Process caches rely on it to
 * learn only committed facts.
 */
public interface AfterCommitContract extends StoreUnderTest {

    @Test
    default void actionsRunAfterCommitAndNeverAfterRollback() {
        StorageProvider store = store();
        List<String> seen = new CopyOnWriteArrayList<>();

        String written = store.write(tx -> {
            tx.afterCommit(() -> seen.add("write"));
            assertThat(seen).as("nothing runs before the commit").isEmpty();
            return "done";
        });
        store.read(tx -> {
            tx.afterCommit(() -> seen.add("read"));
            return null;
        });
        assertThatThrownBy(() -> store.write(tx -> {
            tx.afterCommit(() -> seen.add("rolled back"));
            throw new IllegalStateException("unit fails");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(written).isEqualTo("done");
        assertThat(seen).containsExactly("write", "read");
    }

    @Test
    default void aRerunUnitRunsItsActionsOnceForTheCommittedAttempt() {
        RerunningProvider rerunning = new RerunningProvider(openStore(newDirectory()));
        List<Integer> seen = new CopyOnWriteArrayList<>();
        int[] attempts = {0};

        rerunning.write(tx -> {
            int attempt = ++attempts[0];
            tx.afterCommit(() -> seen.add(attempt));
            return null;
        });

        assertThat(rerunning.rolledBack()).isEqualTo(1);
        assertThat(seen).containsExactly(2);
    }

    @Test
    default void aCommitThatMovesAMemorysRevTellsTheMemoryListenerOnceAfterTheUnitsOwnActions() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        List<String> heard = new CopyOnWriteArrayList<>();
        store.onMemoryCommit(() -> heard.add("memories"));
        try {
            Memory second = store.write(tx -> {
                tx.memories().insert(Fixtures.memory(writer, "one"));
                Memory stored = tx.memories().insert(Fixtures.memory(writer, "two"));
                tx.afterCommit(() -> heard.add("action"));
                assertThat(heard).as("nothing is heard before the commit").isEmpty();
                return stored;
            });
            assertThat(heard).as("two inserts, one commit").containsExactly("action", "memories");

            heard.clear();
            store.write(tx -> tx.memoryForgetting().forget(second.id(), "alice", Fixtures.T0.plusSeconds(1)));
            assertThat(heard).as("a forget moves the rev").containsExactly("memories");

            heard.clear();
            store.write(tx -> tx.sessions().upsert(Fixtures.session(writer.user(), Fixtures.unique("session"),
                    Fixtures.T0)));
            store.read(tx -> tx.memoryFeed().latestRev());
            assertThatThrownBy(() -> store.write(tx -> {
                tx.memories().insert(Fixtures.memory(writer, "rolled back"));
                throw new IllegalStateException("unit fails");
            })).isInstanceOf(IllegalStateException.class);
            assertThat(heard).as("no memory moved, a read, a rollback").isEmpty();

            store.onMemoryCommit(null);
            store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "nobody listens")));
            assertThat(heard).as("after the listener was removed").isEmpty();
        } finally {
            store.onMemoryCommit(null);
        }
    }

    @Test
    default void aRerunUnitTellsTheMemoryListenerOnlyForTheCommittedAttempt() {
        RerunningProvider rerunning = new RerunningProvider(openStore(newDirectory()));
        Fixtures.Writer writer = Fixtures.writer(rerunning);
        List<String> heard = new CopyOnWriteArrayList<>();
        rerunning.onMemoryCommit(() -> heard.add("memories"));

        rerunning.write(tx -> tx.memories().insert(Fixtures.memory(writer, "written twice, committed once")));

        assertThat(rerunning.rolledBack()).isEqualTo(2);
        assertThat(heard).containsExactly("memories");
    }
}
