package dev.colony.store.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the H2 provider adds to the contract: file naming, in-memory sharing, the write gate. */
class H2StorageProviderTest {

    @TempDir
    Path dir;

    @Test
    void fileStoreIsNamedAfterItsMvDbFileEitherWayItIsGiven() {
        try (H2StorageProvider byBase = H2StorageProvider.file(dir.resolve("one/colony"))) {
            assertThat(byBase.name()).isEqualTo("h2-file");
            assertThat(byBase.location()).contains(dir.resolve("one/colony.mv.db").toAbsolutePath());
            assertThat(byBase.capabilities()).containsExactlyInAnyOrder(StorageCapability.PERSISTENT,
                    StorageCapability.VECTORS);
        }
        assertThat(dir.resolve("one/colony.mv.db")).exists();
        try (H2StorageProvider byFile = H2StorageProvider.file(dir.resolve("one/colony.mv.db"))) {
            assertThat(byFile.location()).contains(dir.resolve("one/colony.mv.db").toAbsolutePath());
        }
    }

    @Test
    void inMemoryStoresArePrivateAndNotPersistent() {
        try (H2StorageProvider first = H2StorageProvider.inMemory();
                H2StorageProvider second = H2StorageProvider.inMemory()) {
            assertThat(first.name()).isEqualTo("h2-mem");
            assertThat(first.location()).isEmpty();
            assertThat(first.capabilities()).containsExactly(StorageCapability.VECTORS);
            Fixtures.Writer writer = Fixtures.writer(first);
            first.write(tx -> tx.memories().insert(Fixtures.memory(writer, "only here")));

            assertThat(second.storeId()).isNotEqualTo(first.storeId());
            long latest = second.read(tx -> tx.memoryFeed().latestRev());
            assertThat(latest).isZero();
        }
    }

    @Test
    void namedInMemoryStoreIsSharedUntilTheLastProviderCloses() {
        String name = "shared-" + UUID.randomUUID();
        H2StorageProvider first = H2StorageProvider.inMemory(name);
        H2StorageProvider second = H2StorageProvider.inMemory(name);
        Fixtures.Writer writer = Fixtures.writer(first);
        Memory written = first.write(tx -> tx.memories().insert(Fixtures.memory(writer, "shared")));
        assertThat(second.storeId()).isEqualTo(first.storeId());

        first.close();
        Memory found = second.read(tx -> tx.memories().find(written.id())).orElseThrow();
        assertThat(found).isEqualTo(written);
        second.close();

        try (H2StorageProvider third = H2StorageProvider.inMemory(name)) {
            long latest = third.read(tx -> tx.memoryFeed().latestRev());
            assertThat(latest).as("the database was dropped with its last provider").isZero();
        }
    }

    @Test
    void inMemoryNameMustBeSimple() {
        ColonyException error = catchThrowableOfType(ColonyException.class, () -> H2StorageProvider.inMemory("a;b"));

        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(error.field()).isEqualTo("name");
    }

    /**
     * Two providers on one database file have separate write connections, so only the write gate orders
     * their transactions; a reader tailing revs must still see every memory.
     */
    @Test
    void writeGateKeepsRevsVisibleInOrderAcrossConnections() throws Exception {
        Path base = dir.resolve("gate/colony");
        try (H2StorageProvider first = H2StorageProvider.file(base);
                H2StorageProvider second = H2StorageProvider.file(base)) {
            Fixtures.Writer writer = Fixtures.writer(first);
            long start = first.read(tx -> tx.memoryFeed().latestRev());
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(5);
            try {
                Future<List<Long>> tailing = pool.submit(() -> {
                    List<Long> seen = new ArrayList<>();
                    long last = start;
                    boolean done = false;
                    while (!done) {
                        done = !writing.get();
                        long from = last;
                        List<MemoryDocument> page = first.read(tx -> tx.memoryFeed().changedSince(from, 1_000));
                        for (MemoryDocument document : page) {
                            last = document.rev();
                            seen.add(document.memory().id().value());
                        }
                        if (page.isEmpty()) {
                            Thread.yield();
                        }
                    }
                    return seen;
                });
                List<Future<List<Long>>> writers = new ArrayList<>();
                for (StorageProvider store : List.of(first, second, first, second)) {
                    writers.add(pool.submit(() -> {
                        List<Long> ids = new ArrayList<>();
                        for (int i = 0; i < 300; i++) {
                            ids.add(store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "gate"))).id().value());
                        }
                        return ids;
                    }));
                }
                Set<Long> written = new HashSet<>();
                try {
                    for (Future<List<Long>> future : writers) {
                        written.addAll(future.get(60, TimeUnit.SECONDS));
                    }
                } finally {
                    writing.set(false);
                }

                assertThat(written).hasSize(1_200);
                assertThat(new HashSet<>(tailing.get(60, TimeUnit.SECONDS))).isEqualTo(written);
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
