package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony search} refuses what it cannot answer instead of printing that nothing matched. */
class SearchCommandTest {

    @TempDir
    Path dir;

    private Path db;

    /** A store written without an embedding model: its memories have no vectors. */
    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            Session alice = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            colony.as(alice.actor()).memories().add(MemoryDraft.of(MemoryKind.DECISION,
                    "Deploys are frozen on Fridays after noon."));
        }
    }

    @Test
    void anUnknownTypeIsRefusedListingTheTypes() {
        CliRun run = CliRun.of(dir, db, "search", "--type", "bogus", "deploys");

        assertThat(run.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(run.out()).doesNotContain("No memories");
        assertThat(run.err()).contains("INVALID_ARGUMENT", "type", "'bogus'", "fact, preference, decision",
                "failed_approach");
        assertThat(CliRun.of(dir, db, "search", "--type", "decision", "deploys").out()).contains("1 hit");
    }

    @Test
    void searchingByMeaningAStoreWithoutVectorsNamesTheCommandThatEmbedsThem() {
        CliRun vector = CliRun.of(dir, db, "search", "--mode", "vector", "deploys");
        CliRun hybrid = CliRun.of(dir, db, "search", "deploys");

        assertThat(vector.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(vector.out()).doesNotContain("No memories");
        assertThat(vector.err()).contains("1 memory has no vector of onnx/", "colony reindex");
        assertThat(hybrid.exit()).as(hybrid.err()).isZero();
        assertThat(hybrid.out()).contains("1 hit");
        assertThat(hybrid.err()).contains("colony reindex");
    }
}
