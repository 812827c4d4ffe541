package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs across two {@code colony-mcp.jar} processes driven by the SDK's stdio client on one database file: a shell
 * run spawned and awaited; an agent run created by one server, taken and finished by the other while the first
 * awaits it; a question asked with ask_user and answered with answer_task from the other process while the
 * asking call waits (and the asking server still answers a ping), and one answered after the asking call stopped
 * waiting; a shell run killed from the other process; 64 waits at once that delay no write.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunsMcpIT {

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient claude;
    private McpSyncClient codex;

    @BeforeAll
    void start() {
        claude = client("claude-code", "claude-run-it");
        codex = client("codex", "codex-run-it");
    }

    @AfterAll
    void stop() {
        for (McpSyncClient client : new McpSyncClient[] {claude, codex}) {
            if (client != null) {
                client.closeGracefully();
            }
        }
    }

    private McpSyncClient client(String agent, String session) {
        return ColonyJar.mcpClient(List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user", "alice",
                "--agent", agent, "--session", session, "--allow-shell"), dir.resolve("home"), agent, stderr);
    }

    /** A successful call's JSON, checked against the tool's published output schema. */
    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    @Test
    void aShellRunIsSpawnedAndAwaited() {
        String id = ok(claude, "spawn_task", Map.of("command", "echo built")).get("task_id").asText();
        JsonNode awaited = ok(claude, "await_tasks", Map.of("task_ids", List.of(id), "timeout_seconds", 40));
        assertThat(awaited.get("done").asBoolean()).isTrue();
        assertThat(awaited.get("tasks").get(0).get("result").asText()).isEqualTo("built");
        assertThat(ok(codex, "task_output", Map.of("task_id", id)).get("text").asText()).as("the other process "
                + "reads the same output file").isEqualTo("built\n");
    }

    @Test
    void anAgentRunIsFinishedByTheOtherServerWhileTheSpawnerAwaitsIt() throws Exception {
        String id = ok(claude, "create_task", Map.of("agent", "codex", "message", "review the refund API"))
                .get("task_id").asText();
        CompletableFuture<JsonNode> awaiting = CompletableFuture.supplyAsync(() -> ok(claude, "await_tasks",
                Map.of("task_ids", List.of(id), "timeout_seconds", 40)));
        JsonNode mine = ok(codex, "check_tasks", Map.of("agent", "codex", "status", "queued"));
        assertThat(mine.get("tasks")).extracting(row -> row.get("task_id").asText()).contains(id);
        ok(codex, "take_task", Map.of("task_id", id));
        long finished = System.nanoTime();
        ok(codex, "finish_task", Map.of("task_id", id, "result", "two findings", "prompt_tokens", 800,
                "completion_tokens", 90));

        JsonNode awaited = awaiting.get(45, TimeUnit.SECONDS);
        Duration woke = Duration.ofNanos(System.nanoTime() - finished);
        assertThat(awaited.get("done").asBoolean()).isTrue();
        JsonNode row = awaited.get("tasks").get(0);
        assertThat(row.get("result").asText()).isEqualTo("two findings");
        assertThat(row.get("completion_tokens").asLong()).isEqualTo(90);
        assertThat(woke).as("woken by the other process's finish, not by the 40 s timeout")
                .isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void askUserWaitsForAnAnswerFromTheOtherProcessAndPingsAreAnsweredMeanwhile() throws Exception {
        String id = ok(claude, "spawn_task", Map.of("agent", "codex", "message", "add login")).get("task_id")
                .asText();
        ok(codex, "take_task", Map.of("task_id", id));
        try (Colony observer = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .build()) {
            Runs runs = observer.as(observer.sessions().ensure(SessionStart.of("alice", "observer")).actor()).runs();
            RunId run = RunId.parse("task_id", id);
            long before = runs.get(run).version();
            CompletableFuture<JsonNode> asking = CompletableFuture.supplyAsync(() -> ok(codex, "ask_user", Map.of(
                    "question", "JWT or sessions?", "wait_seconds", 40)));
            assertThat(runs.nextChange(run, before).get(40, TimeUnit.SECONDS).status()).as("asking blocked the run, "
                    + "seen from a third process").isEqualTo(RunStatus.BLOCKED);
            answerWhileAsking(id, asking);
        }
    }

    /** Checks the question is listed and a ping is answered while ask_user waits, then answers it. */
    private void answerWhileAsking(String id, CompletableFuture<JsonNode> asking) throws Exception {
        JsonNode blocked = ok(claude, "check_tasks", Map.of("status", "blocked")).get("tasks").get(0);
        assertThat(blocked.get("question").asText()).isEqualTo("JWT or sessions?");
        codex.ping();
        assertThat(asking).as("the ping was answered while ask_user waits").isNotDone();

        ok(claude, "answer_task", Map.of("task_id", id, "answer", "JWT"));
        JsonNode answered = asking.get(45, TimeUnit.SECONDS);
        assertThat(answered.get("answer").asText()).isEqualTo("JWT");
        ok(codex, "finish_task", Map.of("task_id", id, "result", "login with JWT"));
    }

    @Test
    void anAnswerGivenAfterAskUserStoppedWaitingComesWithTheNextAskUser() {
        String id = ok(claude, "spawn_task", Map.of("agent", "codex", "message", "pick a logger")).get("task_id")
                .asText();
        ok(codex, "take_task", Map.of("task_id", id));
        assertThat(ok(codex, "ask_user", Map.of("question", "slf4j or JUL?", "wait_seconds", 1)).get("status")
                .asText()).isEqualTo("blocked");
        ok(claude, "answer_task", Map.of("task_id", id, "answer", "slf4j"));
        JsonNode late = ok(codex, "ask_user", Map.of("question", "slf4j or JUL?", "wait_seconds", 40));
        assertThat(late.get("answer").asText()).isEqualTo("slf4j");
        assertThat(late.get("status").asText()).isEqualTo("in_progress");
        ok(codex, "finish_task", Map.of("task_id", id, "result", "slf4j"));
    }

    @Test
    void sixtyFourWaitsAtOnceLeaveAWriteAnsweredAtOnce() throws Exception {
        String id = ok(claude, "create_task", Map.of("agent", "gemini", "message", "never taken")).get("task_id")
                .asText();
        Duration unloaded = Duration.ofDays(1);
        for (int i = 0; i < 3; i++) {
            Duration took = write("Warm-up write number " + i + " before the waits begin.");
            unloaded = took.compareTo(unloaded) < 0 ? took : unloaded;
        }
        ExecutorService clients = Executors.newFixedThreadPool(64);
        try {
            List<Future<JsonNode>> waits = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                waits.add(clients.submit(() -> sent(() -> ok(claude, "await_tasks", Map.of("task_ids", List.of(id),
                        "timeout_seconds", 45)))));
            }
            write("Written while the waits arrive at the server.");
            Duration fastest = Duration.ofDays(1);
            for (int i = 0; i < 3; i++) {
                Duration took = write("Write number " + i + " while 64 calls of this client wait for a run.");
                fastest = took.compareTo(fastest) < 0 ? took : fastest;
            }
            // 100 ms, plus room for a machine so busy that a write takes long even with nothing waiting: a
            // starved server answered after the waits timed out (45 s here).
            assertThat(fastest).as("a write behind 64 waits (the fastest of three, each one a full round trip "
                    + "of the SDK client; %s without waits)", unloaded)
                    .isLessThan(Duration.ofMillis(100).plus(unloaded.multipliedBy(3)));
            assertThat(waits).as("the waits still wait").noneMatch(Future::isDone);

            ok(codex, "kill_task", Map.of("task_id", id));
            for (Future<JsonNode> wait : waits) {
                JsonNode awaited = wait.get(45, TimeUnit.SECONDS);
                assertThat(awaited.get("done").asBoolean()).isTrue();
                assertThat(awaited.get("tasks").get(0).get("status").asText()).isEqualTo("killed");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    /**
     * {@code call}, sent again when the SDK client's transport refused to queue it: its outgoing queue takes one
     * sender at a time and turns away a request another thread is queueing that instant ("Failed to enqueue
     * message"), before anything reaches the server.
     */
    private static JsonNode sent(Supplier<JsonNode> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                boolean notQueued = String.valueOf(e.getMessage()).contains("Failed to enqueue message")
                        || e.getCause() != null && String.valueOf(e.getCause().getMessage())
                                .contains("Failed to enqueue message");
                if (!notQueued || attempt == 20) {
                    throw e;
                }
            }
        }
    }

    /** Adds a memory as claude and returns how long the call took, end to end. */
    private Duration write(String content) {
        long start = System.nanoTime();
        McpSchema.CallToolResult written = claude.callTool(McpSchema.CallToolRequest.builder("memory_add")
                .arguments(Map.of("content", content, "force", true)).build());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(written.isError()).as("%s; server stderr: %s", written, stderr).isFalse();
        return took;
    }

    @Test
    void aClientThatDeclaresElicitationIsAskedDirectly() {
        List<String> asked = Collections.synchronizedList(new ArrayList<>());
        McpSyncClient cursor = ColonyJar.mcpClient(List.of("mcp", "--db", dir.resolve("colony.db").toString(),
                "--user", "alice", "--agent", "cursor", "--session", "cursor-run-it"), dir.resolve("home"),
                "cursor", stderr, request -> {
                    asked.add(request.message());
                    return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("answer",
                            "use PostgreSQL"));
                });
        try {
            String id = ok(claude, "spawn_task", Map.of("agent", "cursor", "message", "pick a store"))
                    .get("task_id").asText();
            ok(cursor, "take_task", Map.of("task_id", id));
            JsonNode answered = ok(cursor, "ask_user", Map.of("question", "SQLite or PostgreSQL?"));
            assertThat(asked).containsExactly("SQLite or PostgreSQL?");
            assertThat(answered.get("answer").asText()).isEqualTo("use PostgreSQL");
            assertThat(answered.get("status").asText()).isEqualTo("in_progress");
            ok(cursor, "finish_task", Map.of("task_id", id, "result", "PostgreSQL"));
        } finally {
            cursor.closeGracefully();
        }
    }

    @Test
    void aShellRunKilledFromTheOtherProcessStopsItsCommand() throws Exception {
        String marker = "sleep 3017";
        String id = ok(claude, "spawn_task", Map.of("command", marker)).get("task_id").asText();
        ProcessHandle sleeper = ProcessHandle.current().descendants().filter(process -> process.info().commandLine()
                .orElse("").contains(marker)).findFirst().orElseThrow(() -> new AssertionError("spawn_task "
                        + "returned before its command started"));

        assertThat(ok(codex, "kill_task", Map.of("task_id", id)).get("status").asText()).isEqualTo("killed");
        sleeper.onExit().get(30, TimeUnit.SECONDS);
        JsonNode row = ok(claude, "check_tasks", Map.of("status", "killed")).get("tasks").get(0);
        assertThat(row.get("task_id").asText()).isEqualTo(id);
        assertThat(row.has("exit_code")).as("the exit the kill caused is not recorded over it").isFalse();
    }
}
