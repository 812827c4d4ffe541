package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task threads as MCP clients see them: two agent processes launched on one checkout with
 * {@code --repo-root} and {@code --branch} meet on one thread without calling anything first, post and
 * answer on it, save working notes and link threads, all through the SDK's own stdio client; then
 * {@code colony tasks} shows the thread to a person.
 */
class TaskThreadsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());

    private McpSyncClient client(String agent, String session) {
        List<String> args = List.of("mcp", "--db", db(), "--user", "alice", "--agent", agent, "--session",
                session, "--repo-root", repoRoot().resolve("src/..").toString(), "--branch", "feature/x");
        McpSyncClient client = ColonyJar.mcpClient(args, dir.resolve("home"), agent, stderr);
        return client;
    }

    private String db() {
        return dir.resolve("colony.db").toString();
    }

    private Path repoRoot() {
        return dir.resolve("checkout");
    }

    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        CallToolResult result = client.callTool(CallToolRequest.builder(tool).arguments(arguments).build());
        JsonNode json = ToolResults.ok(result, tool + " (server stderr: " + stderr + ")");
        assertThat(ToolResults.parse(JSON.valueToTree(result.structuredContent()).toString())).as(tool).isEqualTo(json);
        return json;
    }

    private JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }

    @Test
    void twoAgentsOnOneCheckoutMeetOnItsThread() throws Exception {
        McpSyncClient claude = client("claude-code", "claude-it-1");
        McpSyncClient codex = client("codex", "codex-it-1");
        long task;
        try {
            // Neither called task_thread: both servers joined the checkout's thread at start-up.
            JsonNode note = ok(claude, "task_note_working", Map.of("content",
                    "branch=feature/x; task=login form; blocker=none; next=wire the API; evidence=src/login"));
            task = note.get("task_id").asLong();
            JsonNode opened = ok(codex, "task_thread", Map.of("repo_root", repoRoot().toString(),
                    "branch", "feature/x"));
            assertThat(opened.get("task_id").asLong()).isEqualTo(task);
            assertThat(opened.get("created").asBoolean()).isFalse();
            assertThat(opened.get("joined").asBoolean()).as("already joined at start-up").isFalse();

            JsonNode question = ok(claude, "task_post", Map.of("task_id", task, "kind", "question",
                    "content", "Does the login endpoint expect JSON or form data?"));
            JsonNode answer = ok(codex, "task_post", Map.of("task_id", task, "kind", "answer",
                    "content", "JSON, see api/login.yaml", "reply_to", question.get("id").asLong()));

            JsonNode updates = ok(claude, "task_updates_since", Map.of("task_id", task, "since_ts", 0))
                    .get("entries");
            assertThat(updates).extracting(entry -> entry.get("id").asLong())
                    .containsExactly(answer.get("id").asLong());
            JsonNode timeline = ok(codex, "task_timeline", Map.of("task_id", task)).get("entries");
            assertThat(timeline).extracting(entry -> entry.get("kind").asText())
                    .containsExactly("answer", "question", "note");
            assertThat(timeline.get(0).get("reply_to").asLong()).isEqualTo(question.get("id").asLong());

            long other = ok(claude, "task_thread", Map.of("repo_root", dir.resolve("api").toString(),
                    "branch", "main")).get("task_id").asLong();
            JsonNode ambiguous = error(claude, "task_note_working", Map.of("content", "next=x; evidence=y"));
            assertThat(ambiguous.get("code").asText()).isEqualTo("AMBIGUOUS_ACTIVE_TASK");
            assertThat(ambiguous.get("candidates")).extracting(candidate -> candidate.get("task_id").asLong())
                    .containsExactlyInAnyOrder(task, other);

            JsonNode link = ok(codex, "task_link", Map.of("task_id", task, "other_task_id", other,
                    "note", "login needs the API"));
            assertThat(link.get("low_id").asLong()).isEqualTo(Math.min(task, other));
            JsonNode links = ok(claude, "task_links", Map.of("task_id", other)).get("links");
            assertThat(links).extracting(edge -> edge.get("task_id").asLong()).containsExactly(task);
            assertThat(error(claude, "task_link", Map.of("task_id", task, "other_task_id", task)).get("code").asText())
                    .isEqualTo("TASK_LINK_SELF");
        } finally {
            codex.closeGracefully();
            claude.closeGracefully();
        }

        Map<String, String> env = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "alice");
        ColonyJar.Result json = ColonyJar.run(dir, env, "tasks", "--db", db(), "--json");
        assertThat(json.exitCode()).as(json.stderr()).isZero();
        JsonNode threads = JSON.readTree(json.stdout());
        JsonNode thread = null;
        for (JsonNode candidate : threads) {
            if (candidate.get("id").asLong() == task) {
                thread = candidate;
            }
        }
        assertThat(thread).as(json.stdout()).isNotNull();
        assertThat(thread.get("repo_root").asText()).isEqualTo(repoRoot().toString());
        assertThat(thread.get("branch").asText()).isEqualTo("feature/x");
        assertThat(thread.get("participants")).extracting(participant -> participant.get("session_id").asText())
                .containsExactlyInAnyOrder("claude-it-1", "codex-it-1");

        ColonyJar.Result table = ColonyJar.run(dir, env, "tasks", "--db", db());
        assertThat(table.exitCode()).as(table.stderr()).isZero();
        assertThat(table.stdout()).contains("feature/x").contains(repoRoot().toString()).contains("2 threads");
    }
}
