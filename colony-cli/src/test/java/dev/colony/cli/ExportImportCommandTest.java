package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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

    @Test
    void aMalformedArchiveIsRefusedInOneLineNamingTheFileAndTheLineAndLeavesNoStore() throws IOException {
        Path source = dir.resolve("source.db");
        try (Colony colony = EmbeddedColony.open(source)) {
            Session alice = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            colony.as(alice.actor()).memories().add(MemoryDraft.of(MemoryKind.FACT, "The API gateway is Envoy."));
        }
        Path good = dir.resolve("alice.jsonl");
        assertThat(CliRun.of(dir, source, "export", "--out", good.toString()).exit()).isZero();
        List<String> lines = Files.readAllLines(good, StandardCharsets.UTF_8);
        Path broken = dir.resolve("broken.jsonl");
        Files.write(broken, List.of(lines.get(0), lines.get(1), "{\"table\": \"memories\", \"row\": {\"id\": 1,"));
        Path badValue = dir.resolve("bad-value.jsonl");
        Files.write(badValue, List.of(lines.get(0),
                lines.get(1).replaceFirst("\"id\":\\d+", "\"id\":99999999999999999999")));
        Path store = dir.resolve("fresh").resolve("target.db");

        CliRun notJson = CliRun.of(dir, store, "import", broken.toString());
        CliRun tooLarge = CliRun.of(dir, store, "import", badValue.toString());

        assertThat(notJson.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(notJson.err().strip()).doesNotContain("\n").startsWith("colony: INVALID_ARGUMENT: archive: "
                + broken + ": line 3").doesNotContainIgnoringCase("jackson").doesNotContain("Source")
                .doesNotContain("Exception");
        assertThat(tooLarge.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(tooLarge.err().strip()).doesNotContain("\n").contains(badValue + ": line 2", "\"id\"")
                .doesNotContainIgnoringCase("jackson").doesNotContain("Exception");
        assertThat(dir.resolve("fresh")).as("no store, nor its directory, is left behind").doesNotExist();

        CliRun imported = CliRun.of(dir, store, "import", good.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        try (Stream<Path> files = Files.list(store.getParent())) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("target.db");
        }
        assertThat(CliRun.of(dir, store, "search", "--mode", "keyword", "gateway").out()).contains("1 hit");
    }

    @Test
    void anExportRefusesToReplaceAFileUnlessForced() throws IOException {
        Path source = dir.resolve("source.db");
        try (Colony colony = EmbeddedColony.open(source)) {
            Session alice = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            colony.as(alice.actor()).memories().add(MemoryDraft.of(MemoryKind.FACT, "Backups run at 02:00 UTC."));
        }
        Path file = dir.resolve("keep.jsonl");
        Files.writeString(file, "something worth keeping\n");

        CliRun refused = CliRun.of(dir, source, "export", "--out", file.toString());

        assertThat(refused.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(refused.err()).contains("INVALID_ARGUMENT", file + " exists", "--force");
        assertThat(Files.readString(file)).isEqualTo("something worth keeping\n");
        CliRun forced = CliRun.of(dir, source, "export", "--out", file.toString(), "--force");
        assertThat(forced.exit()).as(forced.err()).isZero();
        assertThat(Files.readString(file)).startsWith("{\"colony_archive\":1,").contains("Backups run at 02:00 UTC.");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(path -> path.getFileName().toString())).noneMatch(name -> name.endsWith(".partial"));
        }
    }
}
