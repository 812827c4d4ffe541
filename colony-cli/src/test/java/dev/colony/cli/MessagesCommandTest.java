package dev.colony.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.TaskId;
import dev.colony.api.message.Message;
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

/** {@code colony messages --agent NAME} on a real SQLite store, run in-process through the command line. */
class MessagesCommandTest {

    @TempDir
    Path dir;

    private Path db;
    private Message blocking;
    private Message broadcast;
    private Message toGemini;
    private Message retracted;
    private Message read;
    private TaskId task;

    @BeforeEach
    void store() {
        db = dir.resolve("colony.db");
        try (Colony colony = EmbeddedColony.open(db)) {
            Session claude = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            Session codex = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            task = colony.as(claude.actor()).tasks().open("/work/shop", "main").thread().id();
            colony.as(codex.actor()).tasks().join(task);
            var messages = colony.as(claude.actor()).messages();
            read = messages.send(MessageDraft.to(task, "Lint config moved to tools/lint.").withToAgent("codex"));
            blocking = messages.send(MessageDraft.to(task, "Stop pushing to main until the\nrelease is cut.")
                    .withToAgent("codex").withUrgency(MessageUrgency.BLOCKING));
            broadcast = messages.send(MessageDraft.to(task, "Anyone free to pair on the flaky test?"));
            toGemini = messages.send(MessageDraft.to(task, "Translate the error strings.").withToAgent("gemini"));
            retracted = messages.send(MessageDraft.to(task, "Ignore this one.").withToAgent("codex"));
            messages.retract(retracted.id(), task, "sent by mistake");
            colony.as(codex.actor()).messages().markRead(read.id(), task);
        }
    }

    private CliRun run(String... args) {
        return CliRun.of(dir, db, "messages", args);
    }

    @Test
    void tableShowsUnreadMessagesForTheAgentNewestFirst() {
        CliRun result = run("--agent", "codex");

        assertThat(result.exit()).as(result.err()).isZero();
        List<String> lines = result.out().lines().toList();
        assertThat(lines.get(0)).startsWith("ID").contains("URGENCY").contains("PREVIEW");
        assertThat(lines.get(1)).startsWith(String.valueOf(broadcast.id().value())).contains("fyi").contains("any");
        assertThat(lines.get(2)).startsWith(String.valueOf(blocking.id().value())).contains("blocking")
                .contains("Stop pushing to main until the release is cut.");
        assertThat(lines).hasSize(4);
        assertThat(lines.get(3)).startsWith("2 messages for codex");
        assertThat(result.out()).doesNotContain("Translate").doesNotContain("Ignore this one")
                .doesNotContain("Lint config");
    }

    @Test
    void jsonWithAllStatusesIncludesReadButNeverRetracted() throws Exception {
        CliRun result = run("--agent", "codex", "--all", "--json");

        assertThat(result.exit()).as(result.err()).isZero();
        JsonNode array = new ObjectMapper().readTree(result.out());
        assertThat(array).extracting(node -> node.get("id").asLong()).containsExactly(broadcast.id().value(),
                blocking.id().value(), read.id().value());
        JsonNode first = array.get(2);
        assertThat(first.get("status").asText()).isEqualTo("read");
        assertThat(first.get("task_id").asLong()).isEqualTo(task.value());
        assertThat(first.get("from_agent").asText()).isEqualTo("claude-code");
        assertThat(first.get("to_agent").asText()).isEqualTo("codex");
        assertThat(first.get("urgency").asText()).isEqualTo("fyi");
        assertThat(first.has("content")).isFalse();
        assertThat(new ObjectMapper().readTree(run("--agent", "gemini", "--json").out()))
                .extracting(node -> node.get("id").asLong()).containsExactly(toGemini.id().value(),
                        broadcast.id().value());
    }

    @Test
    void badInputIsRefusedBroadcastsReachEveryAgentAndAnEmptyListSaysSo() throws Exception {
        CliRun limit = run("--agent", "codex", "--limit", "0");
        assertThat(limit.exit()).isEqualTo(ColonyCli.EXIT_FAILURE);
        assertThat(limit.err()).contains("INVALID_ARGUMENT").contains("limit");

        CliRun missing = run();
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("--agent");

        CliRun cursor = run("--agent", "cursor", "--json");
        assertThat(new ObjectMapper().readTree(cursor.out())).as("a broadcast reaches every agent")
                .extracting(node -> node.get("id").asLong()).containsExactly(broadcast.id().value());

        CliRun elsewhere = run("--agent", "codex", "--task", "999999");
        assertThat(elsewhere.exit()).isZero();
        assertThat(elsewhere.out()).startsWith("No unread messages for codex");
    }
}
