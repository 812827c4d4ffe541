package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.EmbeddedColony;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony export} and {@code colony import} between two SQLite stores, run through the command line. */
class ExportImportCommandTest {

    @TempDir
    Path dir;

    @Test
    void anExportImportedIntoANewStoreExportsTheSameArchive() throws IOException {
        Path source = dir.resolve("source.db");
        try (Colony colony = EmbeddedColony.open(source)) {
            Session alice = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            colony.as(alice.actor()).memories().add(MemoryDraft.of(MemoryKind.DECISION, "Releases are cut on "
                    + "Thursdays").withTopics(List.of("release")));
        }
        Path file = dir.resolve("alice.jsonl");
        Path target = dir.resolve("target.db");

        CliRun exported = CliRun.of(dir, source, "export", "--out", file.toString());
        CliRun imported = CliRun.of(dir, target, "import", file.toString());
        CliRun again = CliRun.of(dir, target, "export");

        assertThat(exported.exit()).as(exported.err()).isZero();
        assertThat(exported.out()).isEmpty();
        assertThat(exported.err()).contains("Exported", "for alice", "memories 1");
        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("Imported", "alice's archive", "memories 1");
        String archive = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(archive).startsWith("{\"colony_archive\":1,").contains("Releases are cut on Thursdays");
        assertThat(again.exit()).isZero();
        assertThat(again.out().substring(again.out().indexOf('\n')))
                .as("the same rows; only the export time differs").isEqualTo(archive.substring(archive.indexOf('\n')));

        CliRun twice = CliRun.of(dir, target, "import", file.toString());
        CliRun missing = CliRun.of(dir, dir.resolve("other.db"), "import", dir.resolve("nowhere.jsonl").toString());
        assertThat(twice.exit()).isNotZero();
        assertThat(twice.err()).contains("empty store");
        assertThat(missing.exit()).isNotZero();
        assertThat(missing.err()).contains("no archive at");
        assertThat(dir.resolve("other.db")).as("nothing created for a missing archive").doesNotExist();
    }
}
