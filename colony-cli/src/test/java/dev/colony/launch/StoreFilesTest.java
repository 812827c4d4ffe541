package dev.colony.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What opening a store by path reports when the path is wrong, and that reading never creates. */
class StoreFilesTest {

    @TempDir
    Path dir;

    @Test
    void aMissingStoreIsAnErrorNamingThePathAndNothingIsCreated() {
        Path database = dir.resolve("colony.db");

        assertThatThrownBy(() -> EmbeddedColony.openExisting(database))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND))
                .hasMessage("db: no Colony store at " + database + ": no such file");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aMissingDirectoryIsNamed() {
        Path database = dir.resolve("typo").resolve("colony.db");

        assertThatThrownBy(() -> StoreFiles.requireExisting(database))
                .hasMessage("db: no Colony store at " + database + ": no such directory " + dir.resolve("typo"));
        assertThat(dir.resolve("typo")).doesNotExist();
    }

    @Test
    void aFileWhereADirectoryShouldBeIsNamed() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");

        assertThatThrownBy(() -> StoreFiles.requireExisting(file.resolve("colony.db")))
                .hasMessageEndingWith(": " + file + " is not a directory");
        assertThatThrownBy(() -> StoreFiles.prepareToCreate(file.resolve("colony.db")))
                .isInstanceOf(ColonyException.class)
                .hasMessageStartingWith("db: cannot create the directory " + file)
                .hasMessageNotContaining("Exception");
    }

    @Test
    void aDirectoryOrAnEmptyFileIsNotAStore() throws IOException {
        assertThatThrownBy(() -> StoreFiles.requireExisting(dir))
                .hasMessage("db: " + dir + " is a directory; name the database file, e.g. " + dir.resolve("colony.db"));
        assertThatThrownBy(() -> StoreFiles.prepareToCreate(dir)).hasMessageContaining("is a directory");

        Path empty = Files.createFile(dir.resolve("empty.db"));
        assertThatThrownBy(() -> StoreFiles.requireExisting(empty))
                .hasMessage("db: no Colony store at " + empty + ": the file is empty");
        assertThat(empty).isEmptyFile();
    }

    @Test
    void anEmptiedStoreBesideAnIndexWithMemoriesIsRefusedAndLeftAlone() throws IOException {
        Path database = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(database)) {
            Session alice = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            colony.as(alice.actor()).memories().add(MemoryDraft.of(MemoryKind.FACT, "The invoices job runs nightly"));
        }
        // Only the index tells that a store was here, as for a store last opened before markers were kept.
        try (Stream<Path> markers = Files.list(database.resolveSibling("colony.db.open"))) {
            assertThat(markers).isEmpty();
        }
        Files.delete(database.resolveSibling("colony.db.open"));
        Files.write(database, new byte[0]);

        assertThatThrownBy(() -> EmbeddedColony.open(database))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
                    assertThat(e.getMessage()).contains(database.toString()).contains("the file is empty")
                            .contains(dir.resolve("colony.index").toString()).contains("restore the file from a backup");
                });
        assertThat(database).isEmptyFile();
    }

    @Test
    void anExistingStoreOpensForReading() {
        Path database = dir.resolve("deep").resolve("colony.db");
        EmbeddedColony.open(database).close();
        assertThat(database).exists();

        try (Colony reopened = EmbeddedColony.openExisting(database)) {
            assertThat(reopened).isNotNull();
        }
    }

    @Test
    void reasonsReadLikeTheShellsNotLikeJavasExceptionMessages() {
        assertThat(StoreFiles.reason(new AccessDeniedException("/srv/colony/colony.db"))).isEqualTo("permission denied");
        assertThat(StoreFiles.reason(new NoSuchFileException("/srv/colony"))).isEqualTo("no such file or directory");
        assertThat(StoreFiles.reason(new FileSystemException("/mnt/ro/colony.db", null, "Read-only file system")))
                .isEqualTo("read-only file system");
        assertThat(StoreFiles.reason(new IOException("disk on fire"))).isEqualTo("disk on fire");
    }
}
