package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.TaskId;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colony inbox --agent NAME} and {@code colony lanes} on a real SQLite store, run in-process. */
class InboxAndLanesCommandTest {

    @TempDir
    Path dir;

    private Path db;
    private Session codex;
    private TaskId task;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            Session claude = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            codex = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            task = colony.as(claude.actor()).tasks().open("/work/shop", "feature/cart").thread().id();
            colony.as(codex.actor()).tasks().join(task);
            var fromClaude = colony.as(claude.actor());
            fromClaude.claims().claim(task, "src/Cart.java", null);
            fromClaude.activity().recordEdit(task, "src/Cart.java");
            fromClaude.messages().send(MessageDraft.to(task, "Do not merge the cart branch yet.").withToAgent("codex")
                    .withUrgency(MessageUrgency.BLOCKING));
            fromClaude.handoffs().handOff(HandoffRequest.of(task, "codex", "Finish the cart totals."));
        }
    }

    private CliRun run(String command, String... args) {
        return CliRun.of(dir, db, command, args);
    }

    @Test
    void theInboxShowsWhatNeedsTheAgentAsATableAndAsJson() throws Exception {
        CliRun table = run("inbox", "--agent", "codex");

        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.out()).startsWith("Inbox of codex").contains("then reply to the blocking messages")
                .contains("Unread messages:").contains("Do not merge the cart branch yet.")
                .contains("Handoffs and relays:").contains("Finish the cart totals.")
                .contains("Fresh claims by others:").contains("src/Cart.java").contains("Hot files:");

        JsonNode json = new ObjectMapper().readTree(run("inbox", "--agent", "codex", "--json").out());
        assertThat(json.get("summary").get("blocking_message_count").asInt()).isEqualTo(1);
        assertThat(json.get("pending_handoffs").get(0).get("task_id").asLong()).isEqualTo(task.value());
        assertThat(json.get("file_heat").get(0).get("events").asInt()).isEqualTo(2);

        JsonNode own = new ObjectMapper().readTree(run("inbox", "--agent", "claude-code", "--json").out());
        assertThat(own.get("unread_messages").size()).as("the sender's own inbox").isZero();
    }

    @Test
    void theInboxOfAnAgentWithoutASessionIsAnErrorNamingTheAgent() {
        CliRun none = run("inbox", "--agent", "gemini");

        assertThat(none.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(none.err()).contains("SESSION_NOT_FOUND").contains("gemini");
        assertThat(run("inbox", "--agent", "codex", "--limit", "0").err()).contains("INVALID_ARGUMENT").contains("limit");
    }

    @Test
    void lanesListEverySessionWithItsActivityBranchAndFiles() throws Exception {
        CliRun table = run("lanes");

        assertThat(table.exit()).as(table.err()).isZero();
        List<String> lines = table.out().lines().toList();
        assertThat(lines.get(0)).startsWith("SESSION").contains("ACTIVITY").contains("FILES");
        assertThat(table.out()).contains("working").contains("feature/cart").contains("src/Cart.java")
                .contains("2 lanes");

        JsonNode json = new ObjectMapper().readTree(run("lanes", "--json").out());
        assertThat(json).extracting(node -> node.get("agent").asText()).containsExactlyInAnyOrder("claude-code", "codex");
        JsonNode codexLane = json.get(0).get("agent").asText().equals("codex") ? json.get(0) : json.get(1);
        assertThat(codexLane.get("session_id").asText()).isEqualTo(codex.id().value());
        assertThat(codexLane.get("task_id").asLong()).isEqualTo(task.value());
        assertThat(run("lanes", "--repo-root", "/elsewhere").out()).startsWith("No live lanes");
    }
}
