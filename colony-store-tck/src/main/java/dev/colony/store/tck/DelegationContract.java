package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.spi.storage.DelegationRecords.StoredPolicy;
import dev.colony.spi.storage.StorageProvider;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.DelegationRecords}: a store keeps at most one policy, which round-trips (agents with
 * nobody to delegate to left out), is replaced whole, is cleared once, and goes with a rolled-back transaction.
 */
public interface DelegationContract extends StoreUnderTest {

    @Test
    default void theStoreKeepsOnePolicyThatEveryProviderReadsUntilItIsCleared() {
        StorageProvider store = openStore(newDirectory());
        assertThat(policy(store)).isEmpty();

        StoredPolicy saved = store.write(tx -> tx.delegation().save(Map.of("claude", Set.of("codex", "shell"),
                "gemini", Set.of()), Fixtures.T0.plusNanos(1_500_000)));
        Optional<StoredPolicy> read = policy(store);
        assertThat(saved.members()).isEqualTo(Map.of("claude", Set.of("codex", "shell")));
        assertThat(saved.setAt()).isEqualTo(Fixtures.T0.plusMillis(1));
        assertThat(read).contains(saved);

        StoredPolicy replaced = store.write(tx -> tx.delegation().save(Map.of("codex", Set.of("claude")),
                Fixtures.T0.plusSeconds(5)));
        assertThat(policy(store)).contains(replaced);
        assertThat(replaced.members()).isEqualTo(Map.of("codex", Set.of("claude")));

        boolean cleared = store.write(tx -> tx.delegation().clear());
        boolean again = store.write(tx -> tx.delegation().clear());
        assertThat(cleared).isTrue();
        assertThat(again).isFalse();
        assertThat(policy(store)).isEmpty();
        StoredPolicy empty = store.write(tx -> tx.delegation().save(Map.of(), Fixtures.T0));
        assertThat(policy(store)).as("a policy letting nobody delegate is a policy")
                .contains(empty);
    }

    @Test
    default void aPolicyRolledBackWithItsTransactionIsNotKept() {
        StorageProvider store = openStore(newDirectory());
        try {
            store.write(tx -> {
                tx.delegation().save(Map.of("claude", Set.of("codex")), Fixtures.T0);
                throw new IllegalStateException("rolled back");
            });
        } catch (IllegalStateException expected) {
            // The unit's own exception passes through; nothing it wrote stays.
        }
        assertThat(policy(store)).isEmpty();
    }

    private static Optional<StoredPolicy> policy(StorageProvider store) {
        return store.read(tx -> tx.delegation().find());
    }
}
