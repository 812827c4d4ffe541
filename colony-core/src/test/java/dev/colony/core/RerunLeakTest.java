package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.RerunningProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Units of work that the store runs more than once (the storage SPI allows it) must not leak data
 * between users. Colony runs here over a {@link RerunningProvider} of each store, which rolls back the
 * first run of every write: a per-process cache that learned a namespace id from a rolled-back unit
 * would hand a later user another user's namespace (SQLite reuses the rolled-back id), or fail every
 * later write of the first user (H2 and PostgreSQL do not). The storage-level half of the rule, that
 * after-commit actions never run for a rolled-back attempt, is {@code AfterCommitContract} in the TCK.
 */
class RerunLeakTest {

    @TempDir
    Path dir;

    static Stream<Arguments> stores() {
        return Stream.of(
                Arguments.of("sqlite", (Function<Path, StorageProvider>) d -> SqliteStorageProvider.open(d.resolve("c.db"))),
                Arguments.of("h2-file", (Function<Path, StorageProvider>) d -> H2StorageProvider.file(d.resolve("c"))),
                Arguments.of("h2-mem", (Function<Path, StorageProvider>) d -> H2StorageProvider.inMemory()),
                Arguments.of("postgresql", (Function<Path, StorageProvider>) d -> PostgresStorageProvider.open(
                        PostgresTestServer.databaseFor(d))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void rerunUnitsLeakNothingBetweenUsers(String name, Function<Path, StorageProvider> store) {
        RerunningProvider rerunning = new RerunningProvider(store.apply(dir));
        try (Colony colony = Colony.builder().storage(rerunning).build()) {
            CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            Memory secret = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "alice's private note"));
            CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            Memory own = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "bob's private note"));
            assertThat(rerunning.rolledBack()).as("write attempts rolled back").isGreaterThanOrEqualTo(4);
            assertThat(own.namespace()).as("bob's namespace").isNotEqualTo(secret.namespace());
            assertNotVisible(() -> bob.memories().get(List.of(secret.id())));
            assertNotVisible(() -> alice.memories().get(List.of(own.id())));
            assertThat(alice.memories().get(List.of(secret.id()))).containsExactly(secret);
            assertThat(bob.memories().get(List.of(own.id()))).containsExactly(own);
            // Later writes of both users still land, each in its own namespace.
            assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "again")).namespace())
                    .isEqualTo(secret.namespace());
            assertThat(bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "again")).namespace())
                    .isEqualTo(own.namespace());
        }
    }

    private static void assertNotVisible(ThrowingCallable read) {
        assertThatThrownBy(read).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
    }
}
