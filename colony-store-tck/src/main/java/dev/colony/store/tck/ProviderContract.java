package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The provider as a whole: identity, location, migrations, persistence. */
public interface ProviderContract extends StoreUnderTest {

    @Test
    default void providerHasANameAndAStableStoreId() {
        StorageProvider store = store();
        assertThat(store.name()).isNotBlank();
        String id = store.storeId();
        assertThat(id).isNotBlank();
        assertThat(store.storeId()).isEqualTo(id);
        assertThat(store.capabilities()).isNotNull();
    }

    @Test
    default void providerWithALocationIsPersistent() {
        StorageProvider store = store();
        if (store.location().isPresent()) {
            assertThat(store.capabilities()).as("a store kept in a file declares PERSISTENT")
                    .contains(StorageCapability.PERSISTENT);
        }
    }

    @Test
    default void migrateIsIdempotentAndKeepsData() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory memory = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "survives migrate")));
        String storeId = store.storeId();

        store.migrate();
        store.migrate();

        assertThat(store.storeId()).isEqualTo(storeId);
        var found = store.read(tx -> tx.memories().find(memory.id()));
        assertThat(found).contains(memory);
    }

    @Test
    default void freshStoreIsEmptyAndHasItsOwnStoreId() {
        StorageProvider fresh = openStore(newDirectory());
        try {
            var latest = fresh.read(tx -> tx.memoryFeed().latestRev());
            assertThat(latest).isZero();
            var tail = fresh.read(tx -> tx.memoryFeed().changedSince(0, 10));
            assertThat(tail).isEmpty();
            assertThat(fresh.storeId()).isNotBlank().isNotEqualTo(store().storeId());
        } finally {
            fresh.close();
        }
    }

    @Test
    default void persistentStoreKeepsDataAndStoreIdAcrossReopen() {
        Path dir = newDirectory();
        StorageProvider first = openStore(dir);
        boolean persistent = first.capabilities().contains(StorageCapability.PERSISTENT);
        Fixtures.Writer writer = Fixtures.writer(first);
        Memory memory = first.write(tx -> tx.memories().insert(Fixtures.memory(writer, "kept on disk")));
        String storeId = first.storeId();
        first.close();

        StorageProvider second = openStore(dir);
        try {
            if (persistent) {
                assertThat(second.storeId()).isEqualTo(storeId);
                var found = second.read(tx -> tx.memories().find(memory.id()));
                assertThat(found).contains(memory);
                var session = second.read(tx -> tx.sessions().find(writer.session().id()));
                assertThat(session).contains(writer.session());
            } else {
                assertThat(second.storeId()).as("a non-persistent store starts over").isNotEqualTo(storeId);
            }
        } finally {
            second.close();
        }
    }
}
