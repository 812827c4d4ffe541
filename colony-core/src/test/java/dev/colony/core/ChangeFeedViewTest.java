package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryChange;
import dev.colony.api.memory.MemoryChanges;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The change feed as a caller sees it, on every store: only memories of namespaces the caller may read, each at its
 * latest change with its state, a page of changes the caller may not see still moving the reader on, and bad
 * arguments refused naming the field.
 */
class ChangeFeedViewTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aCallerSeesTheChangesOfWhatItMayReadAndIsMovedPastTheRest(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).build()) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            Memory deploys = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, "Deploys freeze on Fridays."));
            Memory secret = bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob's staging password rotates."));
            Memory gone = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "A fact alice will forget."));
            alice.memories().forget(gone.id(), null);

            MemoryChanges all = alice.memories().changes(0, 100);

            assertThat(all.changes()).extracting(MemoryChange::id, MemoryChange::state).containsExactly(
                    tuple(deploys.id(), MemoryChange.State.LIVE), tuple(gone.id(), MemoryChange.State.GONE));
            assertThat(all.changes().get(0).preview()).isEqualTo("Deploys freeze on Fridays.");
            assertThat(all.changes().get(1).preview()).isNull();
            assertThat(all.changes()).extracting(MemoryChange::rev).isSorted();
            assertThat(bob.memories().changes(0, 100).changes()).extracting(MemoryChange::id)
                    .containsExactly(secret.id());

            MemoryChanges first = alice.memories().changes(0, 1);
            MemoryChanges second = alice.memories().changes(first.nextRev(), 1);
            assertThat(first.changes()).extracting(MemoryChange::id).containsExactly(deploys.id());
            assertThat(second.changes()).as("bob's change is read but not shown").isEmpty();
            assertThat(second.nextRev()).isGreaterThan(first.nextRev());
            MemoryChanges end = alice.memories().changes(all.nextRev(), 100);
            assertThat(end.changes()).isEmpty();
            assertThat(end.nextRev()).isEqualTo(all.nextRev());

            assertRefused(() -> alice.memories().changes(-1, 10), ErrorCode.INVALID_ARGUMENT, "after_rev");
            assertRefused(() -> alice.memories().changes(0, 0), ErrorCode.INVALID_ARGUMENT, "limit");
        }
    }
}
