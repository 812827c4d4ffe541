package dev.colony.view;

import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;

/**
 * The other process of the live test: opens the same store, and as alice's codex claims a file and adds a
 * memory, then prints the wall-clock milliseconds at which both were committed.
 */
final class StoreWriterProcess {

    private StoreWriterProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args the store's SQLite file
     */
    public static void main(String[] args) {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0]))).build()) {
            CallerScope codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            TaskId thread = codex.tasks().open(ViewFixture.REPO, "feature/live").thread().id();
            codex.claims().claim(thread, "src/live/Written.java", null);
            codex.memories().add(MemoryDraft.of(MemoryKind.of("fact"), "Written by another process."));
            System.out.println(System.currentTimeMillis());
        }
    }
}
