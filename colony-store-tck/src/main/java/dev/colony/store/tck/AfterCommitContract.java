package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
