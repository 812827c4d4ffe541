package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan worked on by two agents, each its own {@code colony-mcp.jar} process driven by the SDK's stdio client,
 * on one database file: publish, a claim race with one loser, completion, the dependent becoming ready, and the
 * plan archiving itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlansMcpIT {

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient claude;
    private McpSyncClient codex;

    @BeforeAll
    void start() {
        claude = client("claude-code", "claude-plan-it");
        codex = client("codex", "codex-plan-it");
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
                "--agent", agent, "--session", session), dir.resolve("home"), agent, stderr);
    }

    private CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(CallToolRequest.builder(tool).arguments(arguments).build());
    }

    /** A successful call's JSON, checked against the tool's published output schema. */
    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    @Test
    void publishRaceCompleteUnlockAndArchive() throws Exception {
        ok(claude, "task_plan_publish", Map.of("repo_root", "/work/shop", "slug", "refunds", "title",
                "Refunds end to end", "auto_archive", true, "archive_grace_seconds", 0, "subtasks", List.of(
                        Map.of("title", "Refund API", "file_scope", List.of("api/refunds.ts")),
                        Map.of("title", "Refund page", "file_scope", List.of("web/refunds.tsx"), "depends_on",
                                List.of(0)))));

        CyclicBarrier together = new CyclicBarrier(2);
        Map<String, Object> claim = Map.of("plan_slug", "refunds", "subtask_index", 0);
        CompletableFuture<CallToolResult> first = CompletableFuture.supplyAsync(() -> race(together, claude, claim));
        CompletableFuture<CallToolResult> second = CompletableFuture.supplyAsync(() -> race(together, codex, claim));
        CallToolResult a = first.get(60, TimeUnit.SECONDS);
        CallToolResult b = second.get(60, TimeUnit.SECONDS);

        assertThat(List.of(Boolean.TRUE.equals(a.isError()), Boolean.TRUE.equals(b.isError())))
                .containsExactlyInAnyOrder(true, false);
        CallToolResult lost = Boolean.TRUE.equals(a.isError()) ? a : b;
        McpSyncClient winner = lost == a ? codex : claude;
        McpSyncClient loser = winner == claude ? codex : claude;
        assertThat(ToolResults.error(lost).get("code").asText()).isEqualTo("PLAN_SUBTASK_NOT_AVAILABLE");
        assertThat(ok(loser, "task_ready_for_agent", Map.of("auto_claim", false)).get("ready")).as("sub-1 waits")
                .isEmpty();

        JsonNode done = ok(winner, "task_plan_complete_subtask", Map.of("plan_slug", "refunds", "subtask_index", 0,
                "summary", "POST /refunds works"));
        assertThat(done.get("unlocked")).extracting(JsonNode::asInt).containsExactly(1);
        JsonNode ready = ok(loser, "task_ready_for_agent", Map.of());
        assertThat(ready.get("auto_claimed").get("subtask_index").asInt()).isEqualTo(1);
        JsonNode last = ok(loser, "task_plan_complete_subtask", Map.of("plan_slug", "refunds", "subtask_index", 1,
                "summary", "the page lists refunds"));
        assertThat(last.get("auto_archive").get("status").asText()).isEqualTo("archived");
        assertThat(ok(winner, "task_plan_list", Map.of("include_archived", true)).get("plans").get(0)
                .get("registry_status").asText()).isEqualTo("archived");
    }

    @Test
    void proposalsPromoteAcrossProcessesAndTheResumeViewsShowTheState() {
        long proposal = ok(claude, "task_propose", Map.of("repo_root", "/work/shop", "branch", "main", "summary",
                "Extract a shared walk helper", "touches_files", List.of("src/walk.ts"))).get("proposal_id").asLong();
        JsonNode backed = ok(codex, "task_reinforce", Map.of("proposal_id", proposal, "kind", "rediscovered"));
        assertThat(backed.get("strength").asDouble()).isEqualTo(2.2);
        assertThat(backed.get("promoted").asBoolean()).isFalse();
        McpSyncClient cursor = client("cursor", "cursor-plan-it");
        try {
            JsonNode promoted = ok(cursor, "task_reinforce", Map.of("proposal_id", proposal));
            assertThat(promoted.get("promoted").asBoolean()).isTrue();
            assertThat(promoted.get("branch").asText()).isEqualTo("main/proposal-" + proposal);
        } finally {
            cursor.closeGracefully();
        }
        assertThat(ok(codex, "task_foraging_report", Map.of("repo_root", "/work/shop", "branch", "main"))
                .get("promoted").get(0).get("id").asLong()).isEqualTo(proposal);

        JsonNode goal = ok(claude, "queen_plan_goal", Map.of("goal_title", "Document the tools", "repo_root",
                "/work/shop", "affected_files", List.of("docs/tools.md", "src/tools/Catalog.java"), "dry_run", true));
        assertThat(goal.get("subtasks")).hasSize(3);
        assertThat(ok(codex, "startup_panel", Map.of("repo_root", "/work/shop")).get("session_id").asText())
                .isEqualTo("codex-plan-it");
        assertThat(ok(codex, "bridge_status", Map.of("repo_root", "/work/shop")).get("schema").asText())
                .isEqualTo("colony.omx_hud_status.v1");
        assertThat(ok(codex, "rescue_stranded_scan", Map.of()).get("dry_run").asBoolean()).isTrue();
        assertThat(ToolResults.error(call(codex, "rescue_stranded_run", Map.of())).get("code").asText())
                .isEqualTo("RESCUE_CONFIRM_REQUIRED");
    }

    private CallToolResult race(CyclicBarrier together, McpSyncClient client, Map<String, Object> arguments) {
        try {
            together.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return call(client, "task_plan_claim_subtask", arguments);
    }
}
