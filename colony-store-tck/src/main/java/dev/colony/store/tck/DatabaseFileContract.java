package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A store kept in a file, when that file is deleted or replaced while the store has it open: a write must
 * fail naming the path instead of being acknowledged into a file nobody will open again, and what was
 * acknowledged before stays in the file. Stores without a file skip these tests.
 */
public interface DatabaseFileContract extends StoreUnderTest {

    @Test
    default void aWriteAfterTheDatabaseFileWasMovedAwayFailsAndLosesNothingAcknowledged() throws IOException {
        Path dir = newDirectory();
        StorageProvider store = openStore(dir);
        assumeTrue(store.location().isPresent(), "the store keeps no file");
        Path file = store.location().get();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory kept = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "written before the move")));
        long acknowledgedRev = store.read(tx -> tx.memoryFeed().latestRev());
        Path aside = file.resolveSibling("moved-away.bak");
        Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);

        assertThatThrownBy(() -> store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "after the move"))))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                    assertThat(e.getMessage()).contains(file.toString()).contains("deleted");
                });
        store.close();

        Files.move(aside, file, StandardCopyOption.ATOMIC_MOVE);
        StorageProvider reopened = openStore(dir);
        try {
            Optional<Memory> found = reopened.read(tx -> tx.memories().find(kept.id()));
            long latest = reopened.read(tx -> tx.memoryFeed().latestRev());
            assertThat(found).contains(kept);
            assertThat(latest).as("no write after the move reached the file").isEqualTo(acknowledgedRev);
        } finally {
            reopened.close();
        }
    }

    @Test
    default void aWriteAfterTheDatabaseFileWasReplacedFailsAndLeavesTheNewFileAlone() throws IOException {
        Path dir = newDirectory();
        StorageProvider store = openStore(dir);
        assumeTrue(store.location().isPresent(), "the store keeps no file");
        Path file = store.location().get();
        Fixtures.Writer writer = Fixtures.writer(store);
        store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "in the replaced file")));
        Replacement replacement = replaceWithAnotherStore(file);

        assertThatThrownBy(() -> store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "after the swap"))))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                    assertThat(e.getMessage()).contains(file.toString()).contains("replaced");
                });
        store.close();

        assertHoldsOnly(dir, replacement);
    }

    @Test
    default void closingAfterTheDatabaseFileWasReplacedLeavesTheNewFileAlone() throws IOException {
        Path dir = newDirectory();
        StorageProvider store = openStore(dir);
        assumeTrue(store.location().isPresent(), "the store keeps no file");
        Fixtures.Writer writer = Fixtures.writer(store);
        store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "in the replaced file")));
        Replacement replacement = replaceWithAnotherStore(store.location().get());

        store.close();

        assertHoldsOnly(dir, replacement);
    }

    /** What another store moved over a store's file held. */
    record Replacement(String storeId, Memory memory, long latestRev) {
    }

    /**
     * Moves another closed store's file over {@code file}, as restoring a backup by rename does. Only the
     * file is swapped: companions at the path (SQLite's write-ahead log) still belong to the old one.
     */
    private Replacement replaceWithAnotherStore(Path file) throws IOException {
        StorageProvider other = openStore(newDirectory());
        Path otherFile = other.location().orElseThrow();
        Fixtures.Writer otherWriter = Fixtures.writer(other);
        Memory theirs = other.write(tx -> tx.memories().insert(Fixtures.memory(otherWriter, "in the new file")));
        Replacement replacement = new Replacement(other.storeId(), theirs,
                other.read(tx -> tx.memoryFeed().latestRev()));
        other.close();
        Files.move(otherFile, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return replacement;
    }

    /** Reopens the store in {@code dir} and checks that it is the replacement, with nothing added. */
    private void assertHoldsOnly(Path dir, Replacement replacement) {
        StorageProvider reopened = openStore(dir);
        try {
            Optional<Memory> found = reopened.read(tx -> tx.memories().find(replacement.memory().id()));
            long latest = reopened.read(tx -> tx.memoryFeed().latestRev());
            assertThat(reopened.storeId()).isEqualTo(replacement.storeId());
            assertThat(found).contains(replacement.memory());
            assertThat(latest).as("nothing of the replaced store reached the new file").isEqualTo(replacement.latestRev());
        } finally {
            reopened.close();
        }
    }
}
