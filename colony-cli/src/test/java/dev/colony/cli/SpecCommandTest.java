package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony spec} on a real SQLite store and a fixture repository, run in-process through the command line. */
class SpecCommandTest {

    static final String SPEC = """
            # SPEC

            ## §G  goal
            Book payments once.

            ## §V  invariants
            id|rule|cites
            -|-|-
            V1|A booking id is never reused|-
            V2.always|Amounts are cents|-

            ## §T  tasks
            id|status|task|cites
            -|-|-|-
            T1|.|Add the replay command|V1, V9
            """;

    @TempDir
    Path dir;

    private Path db;
    private Path repo;

    @BeforeEach
    void store() throws IOException {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            colony.specs();
        }
        repo = Files.createDirectories(dir.resolve("ledger"));
        Files.writeString(repo.resolve("SPEC.md"), SPEC);
    }

    @Test
    void tableShowsTheSectionsAndATasksContext() {
        CliRun run = CliRun.of(dir, db, "spec", "--repo-root", repo.toString(), "--task", "T1");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains(repo.resolve("SPEC.md") + "  root ")
                .containsPattern("§V invariants\\s+2 rows").containsPattern("§T tasks\\s+1 rows")
                .contains("always: V2.always", "task: T1 | . | Add the replay command | V1, V9",
                        "- V1 | A booking id is never reused | -", "cites no row has: V9");
    }

    @Test
    void driftBetweenAnOpenChangeAndAPlanIsShownWithItsRepair() throws Exception {
        Files.createDirectories(repo.resolve("openspec/changes/replay"));
        Files.writeString(repo.resolve("openspec/changes/replay/tasks.md"), "- [ ] nobody plans this line\n");

        CliRun run = CliRun.of(dir, db, "spec", "--repo-root", repo.toString());
        CliRun json = CliRun.of(dir, db, "spec", "--repo-root", repo.toString(), "--json");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("1 open change, 1 drift from the plans of alice",
                "unlinked_checkbox", "openspec/changes/replay/tasks.md:1", "fix: name the sub-task in");
        JsonNode spec = new ObjectMapper().readTree(json.out());
        assertThat(spec.get("drift").get(0).get("code").asText()).isEqualTo("unlinked_checkbox");
        assertThat(CliRun.of(dir, db, "spec", "--repo-root", repo.toString(), "--stale-hours", "0").err())
                .contains("stale_hours");
    }

    @Test
    void jsonHasTheHashAndAMissingSpecOrTaskIsAnError() throws Exception {
        CliRun run = CliRun.of(dir, db, "spec", "--repo-root", repo.toString(), "--json");
        CliRun noSpec = CliRun.of(dir, db, "spec", "--repo-root", dir.toString());
        CliRun noTask = CliRun.of(dir, db, "spec", "--repo-root", repo.toString(), "--task", "T7");

        JsonNode spec = new ObjectMapper().readTree(run.out());
        assertThat(spec.get("root_hash").asText()).hasSize(64);
        assertThat(spec.get("sections")).hasSize(3);
        assertThat(spec.get("always_invariants").get(0).asText()).isEqualTo("V2.always");
        assertThat(noSpec.exit()).isNotZero();
        assertThat(noSpec.err()).contains("NOT_FOUND", "repo_root", "no SPEC.md");
        assertThat(noTask.exit()).isNotZero();
        assertThat(noTask.err()).contains("task_id", "no task T7");
    }
}
