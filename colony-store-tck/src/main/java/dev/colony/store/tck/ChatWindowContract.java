package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.NamespaceId;
import dev.colony.spi.storage.StorageProvider;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.ChatWindowRecords}: a window is kept per namespace and window id, replaced
 * whole, round-trips its text exactly (large, multi-line, non-ASCII), is removed once, and goes with a
 * rolled-back transaction.
 */
public interface ChatWindowContract extends StoreUnderTest {

    @Test
    default void aWindowIsReplacedWholeAndKeptApartPerNamespace() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        NamespaceId theirs = personal(store);
        assertThat(window(store, mine, "chat-1")).isEmpty();

        String first = "[{\"type\":\"USER\",\"text\":\"Grüße\\n\"}]";
        store.write(tx -> {
            tx.chatWindows().save(mine, "chat-1", first, Fixtures.T0);
            tx.chatWindows().save(theirs, "chat-1", "[]", Fixtures.T0);
            return null;
        });
        assertThat(window(store, mine, "chat-1")).contains(first);
        assertThat(window(store, theirs, "chat-1")).contains("[]");

        String large = "[\"" + "x\u00e9\u4e2d\n".repeat(60_000) + "\"]";
        store.write(tx -> {
            tx.chatWindows().save(mine, "chat-1", large, Fixtures.T0.plusSeconds(1));
            return null;
        });
        assertThat(window(store, mine, "chat-1")).contains(large);
        assertThat(window(store, theirs, "chat-1")).as("another namespace's window of the same id").contains("[]");

        boolean deleted = store.write(tx -> tx.chatWindows().delete(mine, "chat-1"));
        boolean again = store.write(tx -> tx.chatWindows().delete(mine, "chat-1"));
        assertThat(deleted).isTrue();
        assertThat(again).isFalse();
        assertThat(window(store, mine, "chat-1")).isEmpty();
        assertThat(window(store, theirs, "chat-1")).contains("[]");
    }

    @Test
    default void aWindowRolledBackWithItsTransactionIsNotKept() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        store.write(tx -> {
            tx.chatWindows().save(mine, "chat-1", "[1]", Fixtures.T0);
            return null;
        });
        assertThatThrownBy(() -> store.write(tx -> {
            tx.chatWindows().save(mine, "chat-1", "[2]", Fixtures.T0);
            tx.chatWindows().save(mine, "chat-2", "[3]", Fixtures.T0);
            throw new IllegalStateException("rolled back");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(window(store, mine, "chat-1")).contains("[1]");
        assertThat(window(store, mine, "chat-2")).isEmpty();
    }

    @Test
    default void windowIdsAreListedByPrefixPerNamespace() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        NamespaceId theirs = personal(store);
        store.write(tx -> {
            for (String id : List.of("spring:b", "spring:a", "Spring:c", "springx", "other", "spring:\u00e9")) {
                tx.chatWindows().save(mine, id, "[]", Fixtures.T0);
            }
            tx.chatWindows().save(theirs, "spring:z", "[]", Fixtures.T0);
            return null;
        });
        assertThat(ids(store, mine, "spring:"))
                .as("case matters; another namespace's windows are not listed")
                .containsExactly("spring:a", "spring:b", "spring:\u00e9");
        assertThat(ids(store, mine, "spring%")).as("no pattern characters").isEmpty();
        assertThat(ids(store, mine, "")).hasSize(6);
        assertThat(ids(store, personal(store), "")).isEmpty();
    }

    private static NamespaceId personal(StorageProvider store) {
        return store.write(tx -> tx.namespaces().personal(Fixtures.newUser(), Fixtures.T0).id());
    }

    private static List<String> ids(StorageProvider store, NamespaceId namespace, String prefix) {
        return store.read(tx -> tx.chatWindows().ids(namespace, prefix));
    }

    private static Optional<String> window(StorageProvider store, NamespaceId namespace, String id) {
        return store.read(tx -> tx.chatWindows().find(namespace, id));
    }
}
