package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.spi.storage.ExampleRecords.StoredExample;
import dev.colony.spi.storage.StorageProvider;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.ExampleRecords}: a row per namespace, repository and example name, its manifest
 * summary and memory ids round-trip, it changes only by compare-and-set on its version, and goes with a rolled-back
 * transaction.
 */
public interface ExampleContract extends StoreUnderTest {

    String REPO = "/work/shop";

    @Test
    default void anExampleRoundTripsAndIsKeptApartPerNamespaceAndRepository() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        NamespaceId theirs = personal(store);
        Map<String, Object> manifest = Map.of("dependencies", Map.of("org.slf4j:slf4j-api", "2.0.17"),
                "entry_points", List.of("src/main/java/App.java"), "build_tool", "mvn");
        StoredExample inserted = store.write(tx -> tx.examples().insert(example(mine, REPO, "billing", "h1",
                manifest, List.of(MemoryId.of(7), MemoryId.of(9)))));
        store.write(tx -> tx.examples().insert(example(mine, REPO, "auth", "h2", Map.of(), List.of())));
        store.write(tx -> tx.examples().insert(example(mine, "/work/other", "billing", "h3", Map.of(), List.of())));
        store.write(tx -> tx.examples().insert(example(theirs, REPO, "billing", "h4", Map.of(), List.of())));

        StoredExample found = find(store, mine, "billing").orElseThrow();
        assertThat(found).isEqualTo(inserted);
        assertThat(found.version()).isEqualTo(1);
        assertThat(found.manifest()).isEqualTo(manifest);
        assertThat(found.memories()).containsExactly(MemoryId.of(7), MemoryId.of(9));
        assertThat(found.manifestKind()).isEqualTo("maven");
        List<StoredExample> listed = store.read(tx -> tx.examples().list(mine, REPO));
        assertThat(listed).extracting(StoredExample::name).containsExactly("auth", "billing");
        assertThat(find(store, theirs, "billing").orElseThrow().contentHash()).isEqualTo("h4");
        NamespaceId stranger = personal(store);
        List<StoredExample> none = store.read(tx -> tx.examples().list(stranger, REPO));
        assertThat(none).isEmpty();
        assertThatThrownBy(() -> store.write(tx -> tx.examples().insert(example(mine, REPO, "billing", "h5",
                Map.of(), List.of())))).as("one row per key").isNotNull();
    }

    @Test
    default void anExampleChangesOnlyAtItsVersion() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        store.write(tx -> tx.examples().insert(example(mine, REPO, "billing", "h1", Map.of(), List.of())));
        StoredExample next = example(mine, REPO, "billing", "h2", Map.of("scripts", Map.of("build", "tsc")),
                List.of(MemoryId.of(3)));

        Optional<StoredExample> updated = store.write(tx -> tx.examples().update(next, 1));
        Optional<StoredExample> stale = store.write(tx -> tx.examples().update(next, 1));
        assertThat(updated).map(StoredExample::version).contains(2L);
        assertThat(stale).as("the version moved on").isEmpty();
        assertThat(find(store, mine, "billing").orElseThrow()).isEqualTo(updated.orElseThrow());

        boolean staleDelete = store.write(tx -> tx.examples().delete(mine, REPO, "billing", 1));
        boolean deleted = store.write(tx -> tx.examples().delete(mine, REPO, "billing", 2));
        Optional<StoredExample> afterDelete = store.write(tx -> tx.examples().update(next, 2));
        assertThat(staleDelete).isFalse();
        assertThat(deleted).isTrue();
        assertThat(find(store, mine, "billing")).isEmpty();
        assertThat(afterDelete).as("a deleted row").isEmpty();
    }

    @Test
    default void anExampleRolledBackWithItsTransactionIsNotKept() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        assertThatThrownBy(() -> store.write(tx -> {
            tx.examples().insert(example(mine, REPO, "billing", "h1", Map.of(), List.of()));
            throw new IllegalStateException("rolled back");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(find(store, mine, "billing")).isEmpty();
    }

    private static StoredExample example(NamespaceId namespace, String repo, String name, String hash,
            Map<String, Object> manifest, List<MemoryId> memories) {
        return new StoredExample(namespace, repo, name, "maven", hash, memories.size(), manifest, memories,
                Fixtures.T0, 0);
    }

    private static NamespaceId personal(StorageProvider store) {
        return store.write(tx -> tx.namespaces().personal(Fixtures.newUser(), Fixtures.T0).id());
    }

    private static Optional<StoredExample> find(StorageProvider store, NamespaceId namespace, String name) {
        return store.read(tx -> tx.examples().find(namespace, REPO, name));
    }
}
