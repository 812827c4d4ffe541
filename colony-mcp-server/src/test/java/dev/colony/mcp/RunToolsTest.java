package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run tools called in-process on a real SQLite store, every result checked against the tool's output schema:
 * a shell run spawned, awaited and read; an agent run created, taken, asked about, answered and finished; kills;
 * and errors that name their field.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class RunToolsTest {

    @TempDir
    Path dir;

    private Colony colony;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .runs(RunSettings.defaults().withShell(ShellSettings.on()).withOutputDirectory(dir.resolve("runs")))
                .build();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aShellRunIsSpawnedAwaitedAndItsOutputRead() {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");
        JsonNode spawned = ToolResults.okAndValid(claude, "spawn_task", Map.of("command",
                "printf 'line one\\nline two\\n'", "message", "print two lines"));
        String id = spawned.get("task_id").asText();
        assertThat(id).matches("b[0-9a-z]{8}");
        assertThat(spawned.get("status").asText()).isEqualTo("in_progress");

        JsonNode awaited = ToolResults.okAndValid(claude, "await_tasks", Map.of("task_ids", List.of(id),
                "timeout_seconds", 30));
        assertThat(awaited.get("done").asBoolean()).isTrue();
        JsonNode row = awaited.get("tasks").get(0);
        assertThat(row.get("status").asText()).isEqualTo("finished");
        assertThat(row.get("result").asText()).isEqualTo("line one\nline two");
        assertThat(row.get("exit_code").asInt()).isZero();
        assertThat(row.get("preview").asText()).isEqualTo("print two lines");

        JsonNode output = ToolResults.okAndValid(claude, "task_output", Map.of("task_id", id, "offset", 5,
                "max_bytes", 3));
        assertThat(output.get("text").asText()).isEqualTo("one");
        assertThat(output.get("next_offset").asLong()).isEqualTo(8);
        assertThat(output.get("size").asLong()).isEqualTo(18);
        assertThat(ToolResults.okAndValid(claude, "check_tasks", Map.of()).get("tasks")).as("delivered runs leave "
                + "the default listing").isEmpty();
        assertThat(ToolResults.okAndValid(claude, "check_tasks", Map.of("status", "finished")).get("tasks"))
                .hasSize(1);

        JsonNode sleeping = ToolResults.okAndValid(claude, "spawn_task", Map.of("command", "sleep 300"));
        String sleeper = sleeping.get("task_id").asText();
        JsonNode pending = ToolResults.okAndValid(claude, "await_tasks", Map.of("task_ids", List.of(sleeper),
                "timeout_seconds", 0));
        assertThat(pending.get("done").asBoolean()).isFalse();
        assertThat(pending.get("pending")).extracting(JsonNode::asText).containsExactly(sleeper);
        assertThat(ToolResults.okAndValid(claude, "kill_task", Map.of("task_id", sleeper)).get("status").asText())
                .isEqualTo("killed");
        JsonNode again = ToolResults.error(claude.call("kill_task", Map.of("task_id", sleeper)));
        assertThat(again.get("code").asText()).isEqualTo("RUN_ALREADY_TERMINAL");
    }

    @Test
    void anAgentRunIsTakenAskedAboutAnsweredAndFinished() throws Exception {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");
        ColonyMcpServer codex = ToolResults.server(colony, "alice", "codex");
        String id = ToolResults.okAndValid(claude, "create_task", Map.of("agent", "codex", "message",
                "add a login page")).get("task_id").asText();
        JsonNode listed = ToolResults.okAndValid(codex, "check_tasks", Map.of("agent", "codex"));
        assertThat(listed.get("tasks").get(0).get("status").asText()).isEqualTo("queued");
        assertThat(listed.get("max_concurrent").asInt()).isEqualTo(4);
        JsonNode inbox = ToolResults.okAndValid(codex, "attention_inbox", Map.of());
        assertThat(inbox.get("runs_for_you").get(0).get("task_id").asText()).isEqualTo(id);
        assertThat(inbox.get("summary").get("runs_for_you_count").asInt()).isEqualTo(1);
        assertThat(inbox.get("summary").get("next_action").asText()).contains("take_task");
        assertThat(ToolResults.okAndValid(claude, "attention_inbox", Map.of()).get("runs_for_you")).as("not "
                + "addressed to claude").isEmpty();

        JsonNode outside = ToolResults.error(codex.call("ask_user", Map.of("question", "JWT?")));
        assertThat(outside.get("code").asText()).isEqualTo("NOT_IN_A_RUN");
        JsonNode taken = ToolResults.okAndValid(codex, "take_task", Map.of("task_id", id));
        assertThat(taken.get("message").asText()).isEqualTo("add a login page");
        JsonNode stolen = ToolResults.error(claude.call("take_task", Map.of("task_id", id)));
        assertThat(stolen.get("code").asText()).isEqualTo("RUN_NOT_AVAILABLE");

        Runs watched = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor()).runs();
        RunId run = RunId.parse("task_id", id);
        long before = watched.get(run).version();
        CompletableFuture<JsonNode> asking = CompletableFuture.supplyAsync(() -> ToolResults.okAndValid(codex,
                "ask_user", Map.of("question", "JWT or sessions?", "wait_seconds", 30)));
        assertThat(watched.nextChange(run, before).get(30, TimeUnit.SECONDS).status()).as("asking blocks the run")
                .isEqualTo(RunStatus.BLOCKED);
        JsonNode blocked = ToolResults.okAndValid(claude, "check_tasks", Map.of("status", "blocked")).get("tasks")
                .get(0);
        assertThat(blocked.get("question").asText()).isEqualTo("JWT or sessions?");
        ToolResults.okAndValid(claude, "answer_task", Map.of("task_id", id, "answer", "JWT"));
        JsonNode answered = asking.get(30, TimeUnit.SECONDS);
        assertThat(answered.get("answer").asText()).isEqualTo("JWT");
        assertThat(answered.get("status").asText()).isEqualTo("in_progress");

        JsonNode both = ToolResults.error(codex.call("finish_task", Map.of("task_id", id, "result", "done",
                "error", "no")));
        assertThat(both.get("field").asText()).isEqualTo("error");
        ToolResults.okAndValid(codex, "finish_task", Map.of("task_id", id, "result", "login page added",
                "prompt_tokens", 1200, "completion_tokens", 300));
        JsonNode told = ToolResults.okAndValid(claude, "attention_inbox", Map.of());
        assertThat(told.get("ended_runs").get(0).get("outcome").asText()).isEqualTo("login page added");
        assertThat(told.get("summary").get("next_action").asText()).contains("await_tasks");
        JsonNode row = ToolResults.okAndValid(claude, "await_tasks", Map.of("task_ids", List.of(id))).get("tasks")
                .get(0);
        assertThat(ToolResults.okAndValid(claude, "attention_inbox", Map.of()).get("ended_runs")).as("collected")
                .isEmpty();
        assertThat(row.get("result").asText()).isEqualTo("login page added");
        assertThat(row.get("prompt_tokens").asLong()).isEqualTo(1200);
    }

    @Test
    void anAnswerGivenAfterAskUserStoppedWaitingComesWithTheNextAskUser() {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");
        ColonyMcpServer codex = ToolResults.server(colony, "alice", "codex");
        String id = ToolResults.okAndValid(claude, "spawn_task", Map.of("agent", "codex", "message",
                "add a login page")).get("task_id").asText();
        ToolResults.okAndValid(codex, "take_task", Map.of("task_id", id));
        JsonNode unanswered = ToolResults.okAndValid(codex, "ask_user", Map.of("question", "JWT or sessions?",
                "wait_seconds", 0));
        assertThat(unanswered.get("status").asText()).isEqualTo("blocked");
        assertThat(unanswered.has("answer")).isFalse();

        ToolResults.okAndValid(claude, "answer_task", Map.of("task_id", id, "answer", "JWT"));
        JsonNode row = ToolResults.okAndValid(claude, "check_tasks", Map.of()).get("tasks").get(0);
        assertThat(row.get("status").asText()).isEqualTo("in_progress");
        assertThat(row.get("answer").asText()).as("the answer waits on the run").isEqualTo("JWT");
        assertThat(row.get("question").asText()).isEqualTo("JWT or sessions?");
        assertThat(row.has("blocked_on")).isFalse();

        JsonNode late = ToolResults.okAndValid(codex, "ask_user", Map.of("question", "JWT or sessions?",
                "wait_seconds", 30));
        assertThat(late.get("answer").asText()).isEqualTo("JWT");
        assertThat(late.get("status").asText()).isEqualTo("in_progress");
        assertThat(late.has("question")).as("it answers the question asked").isFalse();
        assertThat(ToolResults.okAndValid(claude, "check_tasks", Map.of()).get("tasks").get(0).has("answer"))
                .as("received").isFalse();

        ToolResults.okAndValid(codex, "ask_user", Map.of("question", "Which page first?", "wait_seconds", 0));
        ToolResults.okAndValid(claude, "answer_task", Map.of("task_id", id, "answer", "the login page"));
        JsonNode other = ToolResults.okAndValid(codex, "ask_user", Map.of("question", "Which colour?",
                "wait_seconds", 0));
        assertThat(other.get("answer").asText()).isEqualTo("the login page");
        assertThat(other.get("question").asText()).as("the question it answers").isEqualTo("Which page first?");
        assertThat(other.get("next").asText()).contains("earlier question");
    }

    @Test
    void badInputIsNamedByField() {
        ColonyMcpServer claude = ToolResults.server(colony, "alice", "claude-code");
        assertThat(ToolResults.error(claude.call("spawn_task", Map.of("message", "x"))).get("field").asText())
                .isEqualTo("agent");
        assertThat(ToolResults.error(claude.call("spawn_task", Map.of("agent", "codex", "command", "ls")))
                .get("field").asText()).isEqualTo("command");
        assertThat(ToolResults.error(claude.call("await_tasks", Map.of("task_ids", List.of("nope")))).get("field")
                .asText()).isEqualTo("task_ids");
        JsonNode unknown = ToolResults.error(claude.call("await_tasks", Map.of("task_ids", List.of("a00000000"))));
        assertThat(unknown.get("code").asText()).isEqualTo("RUN_NOT_FOUND");
        assertThat(ToolResults.error(claude.call("await_tasks", Map.of("task_ids", List.of("a00000000"),
                "timeout_seconds", 46))).get("field").asText()).isEqualTo("timeout_seconds");
        assertThat(ToolResults.error(claude.call("task_output", Map.of("task_id", "b00000000"))).get("code")
                .asText()).isEqualTo("RUN_NOT_FOUND");
    }

    @Test
    void aColonyThatRunsNoShellCommandsListsNoneOfTheirTools() {
        try (Colony agentsOnly = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("other.db")))
                .runs(RunSettings.defaults().withOutputDirectory(dir.resolve("other-runs"))).build()) {
            ColonyMcpServer claude = ToolResults.server(agentsOnly, "alice", "claude-code");
            assertThat(names(claude)).contains("spawn_task", "await_tasks").doesNotContain("task_output");
            JsonNode spawn = definition(claude, "spawn_task");
            assertThat(spawn.get("inputSchema").get("properties").has("command")).isFalse();
            assertThat(spawn.get("inputSchema").get("properties").has("cwd")).isFalse();
            JsonNode refused = ToolResults.error(claude.call("spawn_task", Map.of("command", "ls")));
            assertThat(refused.get("code").asText()).isEqualTo("SHELL_DISABLED");
            assertThat(refused.get("field").asText()).isEqualTo("command");
            JsonNode unknown = ToolResults.error(claude.call("spawn_task", Map.of("agent", "codex", "script", "ls")));
            assertThat(unknown.get("field").asText()).isEqualTo("script");
            assertThat(unknown.get("error").asText()).as("the unlisted parameters stay unnamed").contains("agent")
                    .doesNotContain("command").doesNotContain("cwd");
            assertThat(ToolResults.okAndValid(claude, "spawn_task", Map.of("agent", "codex", "message", "review"))
                    .get("status").asText()).isEqualTo("in_progress");
        }
        ColonyMcpServer shells = ToolResults.server(colony, "alice", "claude-code");
        assertThat(names(shells)).contains("task_output");
        assertThat(definition(shells, "spawn_task").get("inputSchema").get("properties").has("command"))
                .isTrue();
    }

    @Test
    void taskOutputSaysHowMuchTheCapDropped() {
        try (Colony capped = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("capped.db")))
                .runs(RunSettings.defaults().withShell(ShellSettings.on().cappedAt(4096))
                        .withOutputDirectory(dir.resolve("capped-runs"))).build()) {
            ColonyMcpServer claude = ToolResults.server(capped, "alice", "claude-code");
            String id = ToolResults.okAndValid(claude, "spawn_task", Map.of("command", "seq 1 5000")).get("task_id")
                    .asText();
            ToolResults.okAndValid(claude, "await_tasks", Map.of("task_ids", List.of(id), "timeout_seconds", 30));
            JsonNode output = ToolResults.okAndValid(claude, "task_output", Map.of("task_id", id, "offset", 0,
                    "max_bytes", 10));
            long size = output.get("size").asLong();
            assertThat(size).isEqualTo(23_893);
            assertThat(output.get("dropped").asLong()).isEqualTo(output.get("offset").asLong())
                    .isBetween(size - 4096, size - 2048);
            JsonNode small = ToolResults.okAndValid(claude, "task_output", Map.of("task_id", ToolResults.okAndValid(
                    claude, "spawn_task", Map.of("command", "true")).get("task_id").asText()));
            assertThat(small.has("dropped")).as("absent while nothing was dropped").isFalse();
        }
    }

    private static List<String> names(ColonyMcpServer server) {
        List<String> names = new ArrayList<>();
        server.tools().forEach(tool -> names.add(tool.get("name").asText()));
        return names;
    }

    private static JsonNode definition(ColonyMcpServer server, String name) {
        for (JsonNode tool : server.tools()) {
            if (tool.get("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name);
    }
}
