package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.colony.api.CallerScope;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.mcp.ToolResults;
import dev.colony.store.sqlite.SqliteStorageProvider;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File claims, a handoff and a relay as MCP clients see them: two agent processes (claude and codex)
 * on one database, driven by the SDK's own stdio client, every result checked against the output
 * schema the server published.
 */
class ClaimsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private final List<McpSyncClient> clients = new ArrayList<>();

    @AfterEach
    void stop() {
        clients.forEach(McpSyncClient::closeGracefully);
    }

    private McpSyncClient client(String agent, String session) {
        List<String> args = List.of("mcp", "--db", db(), "--user", "alice", "--agent", agent, "--session",
                session);
        McpSyncClient client = ColonyJar.mcpClient(args, dir.resolve("home"), agent, stderr);
        clients.add(client);
        return client;
    }

    private String db() {
        return dir.resolve("colony.db").toString();
    }

    /** Opens the thread the agents meet on, as another session of the same user. */
    private long openThread() {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db"))).build()) {
            CallerScope setup = colony.as(colony.sessions().ensure(SessionStart.of("alice", "setup")).actor());
            return setup.tasks().open(dir.resolve("checkout").toString(), "feature/claims").thread().id().value();
        }
    }

    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    private JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }

    @Test
    void aFullHandoffMovesTheClaimFromOneAgentToTheOther() throws Exception {
        long task = openThread();
        McpSyncClient claude = client("claude-code", "claude-it-handoff");
        McpSyncClient codex = client("codex", "codex-it-handoff");
        assertThat(claude.listTools().tools()).extracting(McpSchema.Tool::name).contains("task_claim_file",
                "task_hand_off", "task_accept_handoff", "task_decline_handoff", "task_relay", "task_accept_relay",
                "task_decline_relay", "task_claim_quota_accept", "task_claim_quota_decline",
                "task_claim_quota_release_expired");

        JsonNode claimed = ok(claude, "task_claim_file", Map.of("task_id", task, "file_path", "src/A.java",
                "note", "refactoring the parser"));
        assertThat(claimed.get("outcome").asText()).isEqualTo("claimed");
        assertThat(claimed.get("observation_id").asLong()).isPositive();
        JsonNode held = error(codex, "task_claim_file", Map.of("task_id", task, "file_path", "./src/A.java"));
        assertThat(held.get("code").asText()).isEqualTo("CLAIM_HELD_BY_ACTIVE_OWNER");
        assertThat(held.get("error").asText()).contains("claude-it-handoff");
        ok(codex, "task_claim_file", Map.of("task_id", task, "file_path", "src/B.java"));
        JsonNode invalid = error(codex, "task_claim_file", Map.of("task_id", task, "file_path", "/dev/null"));
        assertThat(invalid.get("code").asText()).isEqualTo("INVALID_CLAIM_PATH");

        JsonNode handoff = ok(claude, "task_hand_off", Map.of("task_id", task, "to_agent", "codex",
                "summary", "Parser split in two; codex: finish the error messages.",
                "next_steps", List.of("run ParserTest"), "transferred_files", List.of("src/A.java")));
        assertThat(handoff.get("status").asText()).isEqualTo("pending");
        long handoffId = handoff.get("handoff_observation_id").asLong();
        JsonNode inbox = ok(codex, "attention_inbox", Map.of());
        assertThat(inbox.get("pending_handoffs")).singleElement().satisfies(item -> {
            assertThat(item.get("id").asLong()).isEqualTo(handoffId);
            assertThat(item.get("accept_tool").asText()).isEqualTo("task_accept_handoff");
        });
        assertThat(inbox.get("summary").get("pending_handoff_count").asInt()).isEqualTo(1);
        assertThat(ok(claude, "attention_inbox", Map.of()).get("pending_handoffs")).isEmpty();
        assertThat(ok(codex, "hivemind", Map.of()).get("sessions")).extracting(l -> l.get("session_id").asText())
                .contains("claude-it-handoff", "codex-it-handoff");

        JsonNode accepted = ok(codex, "task_accept_handoff", Map.of("handoff_observation_id", handoffId));
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(accepted.get("installed_files")).extracting(JsonNode::asText).containsExactly("src/A.java");
        assertThat(accepted.get("next_steps")).extracting(JsonNode::asText).containsExactly("run ParserTest");
        assertThat(error(codex, "task_accept_handoff", Map.of("handoff_observation_id", handoffId))
                .get("code").asText()).isEqualTo("ALREADY_ACCEPTED");
        assertThat(ok(codex, "task_claim_file", Map.of("task_id", task, "file_path", "src/A.java"))
                .get("outcome").asText()).isEqualTo("refreshed_same_session");

        JsonNode second = ok(codex, "task_hand_off", Map.of("task_id", task, "summary", "anyone: review B"));
        JsonNode declined = ok(claude, "task_decline_handoff", Map.of("handoff_observation_id",
                second.get("handoff_observation_id").asLong(), "reason", "no time today"));
        assertThat(declined.get("status").asText()).isEqualTo("cancelled");
        clients.forEach(McpSyncClient::closeGracefully);
        clients.clear();

        Map<String, String> env = Map.of("COLONY_HOME", dir.resolve("home").toString(), "COLONY_USER", "alice");
        ColonyJar.Result json = ColonyJar.run(dir, env, "claims", "--db", db(), "--json");
        assertThat(json.exitCode()).as(json.stderr()).isZero();
        JsonNode claims = JSON.readTree(json.stdout());
        assertThat(claims).extracting(c -> c.get("file_path").asText()).containsExactlyInAnyOrder("src/A.java",
                "src/B.java");
        assertThat(claims).allSatisfy(c -> {
            assertThat(c.get("session_id").asText()).isEqualTo("codex-it-handoff");
            assertThat(c.get("state").asText()).isEqualTo("active");
            assertThat(c.get("age").asText()).isEqualTo("fresh");
            assertThat(c.get("task_id").asLong()).isEqualTo(task);
        });
        ColonyJar.Result table = ColonyJar.run(dir, env, "claims", "--db", db(), "--task", Long.toString(task));
        assertThat(table.exitCode()).as(table.stderr()).isZero();
        assertThat(table.stdout()).contains("src/A.java").contains("codex-it-handoff").contains("2 claims");
        ColonyJar.Result lanes = ColonyJar.run(dir, env, "lanes", "--db", db());
        assertThat(lanes.exitCode()).as(lanes.stderr()).isZero();
        assertThat(lanes.stdout()).contains("codex-it-handoff").contains("claude-it-handoff");
        ColonyJar.Result inboxView = ColonyJar.run(dir, env, "inbox", "--db", db(), "--agent", "claude-code");
        assertThat(inboxView.exitCode()).as(inboxView.stderr()).isZero();
        assertThat(inboxView.stdout()).startsWith("Inbox of claude-code");
    }

    @Test
    void aRelayLeavesPendingClaimsThatTheReceiverInherits() {
        long task = openThread();
        McpSyncClient codex = client("codex", "codex-it-relay");
        McpSyncClient claude = client("claude-code", "claude-it-relay");
        ok(codex, "task_claim_file", Map.of("task_id", task, "file_path", "docs/relay.md"));
        ok(codex, "task_claim_file", Map.of("task_id", task, "file_path", "docs/quota.md"));

        JsonNode relay = ok(codex, "task_relay", Map.of("task_id", task, "reason", "quota",
                "one_line", "Docs half written; finish the relay section.", "base_branch", "main",
                "expires_in_minutes", 60));
        assertThat(relay.get("status").asText()).isEqualTo("pending");
        JsonNode recipe = relay.get("worktree_recipe");
        assertThat(recipe.get("inherit_claims")).extracting(JsonNode::asText)
                .containsExactly("docs/quota.md", "docs/relay.md");
        assertThat(recipe.get("untracked_files_warning").asText()).contains("fetch_files_at");
        assertThat(relay.get("resumable_state").get("recent")).isNotEmpty();
        long relayId = relay.get("relay_observation_id").asLong();
        assertThat(error(claude, "task_claim_file", Map.of("task_id", task, "file_path", "docs/relay.md"))
                .get("code").asText()).isEqualTo("CLAIM_HELD_BY_ACTIVE_OWNER");

        JsonNode accepted = ok(claude, "task_accept_relay", Map.of("relay_observation_id", relayId));
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(accepted.get("installed_files")).extracting(JsonNode::asText)
                .containsExactly("docs/quota.md", "docs/relay.md");
        assertThat(accepted.get("worktree_recipe").get("base_branch").asText()).isEqualTo("main");
        assertThat(error(codex, "task_accept_relay", Map.of("relay_observation_id", relayId)).get("code").asText())
                .isEqualTo("ALREADY_ACCEPTED");
        assertThat(ok(claude, "task_claim_file", Map.of("task_id", task, "file_path", "docs/relay.md"))
                .get("outcome").asText()).isEqualTo("refreshed_same_session");

        ok(claude, "task_claim_file", Map.of("task_id", task, "file_path", "docs/next.md"));
        JsonNode another = ok(claude, "task_relay", Map.of("task_id", task, "reason", "turn-cap",
                "one_line", "next part", "to_agent", "codex"));
        JsonNode passed = ok(codex, "task_claim_quota_decline", Map.of("task_id", task, "file_path", "docs/next.md",
                "reason", "not in my worktree"));
        assertThat(passed.get("to_agent").asText()).isEqualTo("any");
        JsonNode released = ok(codex, "task_claim_quota_release_expired", Map.of("task_id", task));
        assertThat(released.get("weakened_count").asInt()).isZero();
        JsonNode declined = ok(codex, "task_decline_relay", Map.of("relay_observation_id",
                another.get("relay_observation_id").asLong(), "reason", "branch pruned"));
        assertThat(declined.get("status").asText()).isEqualTo("cancelled");
        assertThat(ok(codex, "task_claim_file", Map.of("task_id", task, "file_path", "docs/next.md"))
                .get("outcome").asText()).isEqualTo("claimed");
    }
}
