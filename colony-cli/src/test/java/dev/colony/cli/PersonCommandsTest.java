package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands a person uses by hand on a real SQLite store, in-process: {@code add} (with the duplicate check and
 * {@code --force}), {@code show} of what the user may read, and {@code search --json}.
 */
class PersonCommandsTest {

    @TempDir
    Path dir;

    private Path db;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor()).memories()
                    .add(MemoryDraft.of(MemoryKind.FACT, "Bob's private note about the staging password rotation."));
        }
    }

    @Test
    void aPersonAddsAMemoryShowsItAndFindsItAsJson() throws Exception {
        CliRun added = CliRun.of(dir, db, "add", "--type", "decision", "--topic", "deploys",
                "Deploys are frozen on Fridays after noon.");
        assertThat(added.exit()).as(added.err()).isZero();
        Matcher id = Pattern.compile("Added memory (\\d+) \\(decision\\)").matcher(added.out());
        assertThat(id.find()).as(added.out()).isTrue();

        CliRun again = CliRun.of(dir, db, "add", "--type", "decision", "Deploys are frozen on Fridays after noon.");
        assertThat(again.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(again.err()).contains("not added: memory " + id.group(1) + " says nearly the same", "--force");
        CliRun forced = CliRun.of(dir, db, "add", "--force", "--type", "decision",
                "Deploys are frozen on Fridays after noon.");
        assertThat(forced.exit()).as(forced.err()).isZero();

        CliRun shown = CliRun.of(dir, db, "show", id.group(1));
        assertThat(shown.exit()).as(shown.err()).isZero();
        assertThat(shown.out()).startsWith("#" + id.group(1) + "  decision  ").contains("session colony-cli",
                "topics: deploys", "\nDeploys are frozen on Fridays after noon.\n");
        JsonNode json = new ObjectMapper().readTree(CliRun.of(dir, db, "show", id.group(1), "--json").out());
        assertThat(json.get("content").asText()).isEqualTo("Deploys are frozen on Fridays after noon.");

        JsonNode hits = new ObjectMapper().readTree(CliRun.of(dir, db, "search", "--json", "--mode", "keyword",
                "Fridays").out());
        assertThat(hits).hasSize(2);
        assertThat(hits.get(0).get("rank").asInt()).isEqualTo(1);
        assertThat(hits.get(0).get("type").asText()).isEqualTo("decision");
        assertThat(hits.get(0).get("snippet").asText()).contains("Fridays");
        assertThat(hits.get(0).has("score")).isFalse();
    }

    @Test
    void anotherUsersMemoryIsNotShownAndBadInputIsRefusedNamingTheField() {
        CliRun hidden = CliRun.of(dir, db, "show", "1");
        assertThat(hidden.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(hidden.err()).contains("NOT_FOUND", "id", "no memory 1 the user may read")
                .doesNotContain("staging password");
        CliRun type = CliRun.of(dir, db, "add", "--type", "gossip", "text");
        assertThat(type.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(type.err()).contains("INVALID_ARGUMENT", "type");
        CliRun zero = CliRun.of(dir, db, "show", "0");
        assertThat(zero.err()).contains("id");
        CliRun none = CliRun.of(dir, db, "search", "--json", "--mode", "keyword", "nothing-matches-this");
        assertThat(none.out().strip()).isEqualTo("[ ]");
    }
}
