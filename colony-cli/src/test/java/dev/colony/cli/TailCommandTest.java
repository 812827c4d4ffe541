package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony tail --once} on a real SQLite store: the user's last changes, one line each, nothing of bob's. */
class TailCommandTest {

    @TempDir
    Path dir;

    private Path db;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            var alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            var bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            for (int i = 1; i <= 3; i++) {
                alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Alice's fact number " + i + "."));
            }
            bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Bob's private fact."));
        }
    }

    @Test
    void theLastChangesArePrintedOneLineEachAndOthersAreNot() {
        CliRun run = CliRun.of(dir, db, "tail", "--once", "-n", "2");
        CliRun bad = CliRun.of(dir, db, "tail", "--once", "-n", "-1");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out().lines().toList()).hasSize(2).allMatch(line -> line.startsWith("rev "));
        assertThat(run.out()).contains("fact", "session claude-code", "Alice's fact number 2.",
                "Alice's fact number 3.").doesNotContain("number 1", "Bob");
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("lines");
    }
}
