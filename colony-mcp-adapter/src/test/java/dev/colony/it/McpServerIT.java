package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.metric.ToolMetric;
import dev.colony.api.session.Session;
import dev.colony.core.Colony;
import dev.colony.mcp.ColonyMcpServer;
import dev.colony.mcp.ToolResults;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.SharedParams;
import dev.colony.tool.ToolSpec;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built server as MCP clients see it: launched as {@code java -jar colony-mcp.jar mcp} and driven by
 * the SDK's own stdio client. Two server processes (two agents) share one database file.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpServerIT {

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient claude;

    @BeforeAll
    void start() {
        claude = client("claude-code", null);
    }

    @AfterAll
    void stop() {
        if (claude != null) {
            claude.closeGracefully();
            // The client terminates the server process; its shutdown hook ends the session it started.
            try (Colony colony = storeOnly()) {
                List<Session> sessions = colony.storage().read(tx -> tx.sessions().listByUser(UserId.of("alice"), 10));
                List<Session> claudeSessions = sessions.stream()
                        .filter(candidate -> candidate.agent().equals("claude-code")).toList();
                assertThat(claudeSessions).hasSize(1);
                Session session = claudeSessions.get(0);
                assertThat(session.ended()).isTrue();
                // The server wrote its queued tool metrics when it closed: one row per call, failures too.
                List<ToolMetric> rows = colony.storage().read(tx -> tx.toolMetrics().list(Instant.EPOCH,
                        Instant.now().plusSeconds(3_600), session.id(), 1_000));
                assertThat(rows).extracting(ToolMetric::tool).contains("memory_add", "search", "get_observations");
                assertThat(rows).filteredOn(row -> !row.ok()).extracting(ToolMetric::errorCode)
                        .contains("INVALID_ARGUMENT", "NOT_FOUND");
                assertThat(rows).allSatisfy(row -> {
                    assertThat(row.bytesOut()).isPositive();
                    assertThat(row.tokensOut()).isEqualTo((row.bytesOut() + 3) / 4);
                });
            }
        }
    }

    /** The shared database without a search index, so that tests can look at sessions directly. */
    private static Colony storeOnly() {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db"))).build();
    }

    private McpSyncClient client(String agent, String session) {
        List<String> args = new ArrayList<>(List.of("mcp", "--db", dir.resolve("colony.db").toString(),
                "--user", "alice", "--agent", agent));
        if (session != null) {
            args.addAll(List.of("--session", session));
        }
        McpSyncClient client = ColonyJar.mcpClient(args, dir.resolve("home"), agent, stderr);
        return client;
    }

    /**
     * A successful call's JSON, after checking that its structured content equals the text content's JSON
     * and matches the output schema the server published for the tool.
     */
    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    private JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }

    @Test
    void initializeAnnouncesTheColonyServer() {
        assertThat(claude.getServerInfo().name()).isEqualTo("colony");
        assertThat(claude.getServerInfo().version()).isEqualTo(System.getProperty("colony.version"));
        assertThat(claude.getServerCapabilities().tools()).isNotNull();
    }

    @Test
    void toolsListOffersEveryToolWithDescribedParameters() {
        List<McpSchema.Tool> tools = claude.listTools().tools();
        assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyElementsOf(
                ColonyMcpServer.defaultTools().stream().map(ToolSpec::name).toList());
        assertThat(tools).extracting(McpSchema.Tool::name).contains("search", "get_observations",
                "timeline", "list_sessions", "recall_session", "memory_add", "task_thread", "task_note_working",
                "task_message", "task_messages", "task_message_mark_read", "task_message_retract",
                "task_message_claim");
        for (McpSchema.Tool tool : tools) {
            assertThat(tool.description()).as(tool.name()).isNotBlank();
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> properties =
                    (Map<String, Map<String, Object>>) tool.inputSchema().get("properties");
            assertThat(properties).as(tool.name()).isNotEmpty();
            properties.forEach((name, property) -> {
                if (!SharedParams.isShared(name)) {
                    assertThat(property.get("description")).as(tool.name() + "." + name).asString().isNotBlank();
                }
            });
        }
    }

    @Test
    void toolsListPublishesTheDeclaredHints() {
        Map<String, McpSchema.ToolAnnotations> hints = new HashMap<>();
        claude.listTools().tools().forEach(tool -> hints.put(tool.name(), tool.annotations()));
        // Tools that remove or end something for good say so, and a client may ask before calling them.
        for (String destructive : List.of("memory_forget", "memory_edit", "kill_task", "rescue_stranded_run",
                "collection_manage", "task_message_retract")) {
            assertThat(hints.get(destructive).destructiveHint()).as(destructive).isTrue();
            assertThat(hints.get(destructive).readOnlyHint()).as(destructive).isNotEqualTo(Boolean.TRUE);
        }
        assertThat(hints.get("memory_forget").idempotentHint()).isTrue();
        assertThat(hints.get("kill_task").idempotentHint()).isTrue();
        // Writing tools that only add state name destructiveHint false (a missing hint reads as true).
        for (String additive : List.of("memory_add", "task_post", "spawn_task", "task_hand_off")) {
            assertThat(hints.get(additive).destructiveHint()).as(additive).isFalse();
            assertThat(hints.get(additive).readOnlyHint()).as(additive).isNotEqualTo(Boolean.TRUE);
            assertThat(hints.get(additive).idempotentHint()).as(additive).isNotEqualTo(Boolean.TRUE);
        }
        // A read-only tool states only that: MCP reads the other hints only for a tool that writes.
        assertThat(hints.get("search").readOnlyHint()).isTrue();
        assertThat(hints.values()).allSatisfy(annotations -> {
            assertThat(annotations.openWorldHint()).isFalse();
            assertThat(annotations.destructiveHint() != null).isEqualTo(!Boolean.TRUE.equals(annotations.readOnlyHint()));
        });
    }

    @Test
    void memoryAddSearchAndGetObservationsRoundTrip() {
        JsonNode added = ok(claude, "memory_add", Map.of("content",
                "Search index for invoices is rebuilt nightly by the reindex-invoices job.",
                "type", "fact", "topics", List.of("invoices", "reindex")));
        long id = added.get("id").asLong();

        JsonNode hits = ok(claude, "search", Map.of("query", "invoices reindex nightly", "limit", 3)).get("hits");
        assertThat(hits).isNotEmpty();
        assertThat(hits.get(0).get("id").asLong()).isEqualTo(id);
        assertThat(hits.get(0).has("content")).isFalse();

        JsonNode body = ok(claude, "get_observations", Map.of("ids", List.of(id))).get("observations").get(0);
        assertThat(body.get("content").asText()).isEqualTo(
                "Search index for invoices is rebuilt nightly by the reindex-invoices job.");
        assertThat(body.get("type").asText()).isEqualTo("fact");
    }

    @Test
    void twoAgentProcessesShareMemorySessionsAndRecall() {
        McpSyncClient codex = client("codex", "codex-it-1");
        try {
            long codexMemory = ok(codex, "memory_add", Map.of("content",
                    "Feature flags are read from flags.yaml at start-up and cached for the process lifetime.",
                    "type", "path")).get("id").asLong();

            JsonNode hits = ok(claude, "search", Map.of("query", "feature flags flags.yaml", "session_id",
                    "codex-it-1")).get("hits");
            assertThat(hits).extracting(hit -> hit.get("id").asLong()).contains(codexMemory);

            JsonNode sessions = ok(claude, "list_sessions", Map.of()).get("sessions");
            assertThat(sessions).extracting(node -> node.get("agent").asText()).contains("claude-code", "codex");
            JsonNode codexSession = null;
            for (JsonNode node : sessions) {
                if (node.get("id").asText().equals("codex-it-1")) {
                    codexSession = node;
                }
            }
            assertThat(codexSession).isNotNull();
            assertThat(codexSession.get("ide").asText()).isEqualTo("codex-it");

            JsonNode timeline = ok(claude, "timeline", Map.of("session_id", "codex-it-1", "limit", 10)).get("entries");
            assertThat(timeline.get(0).get("id").asLong()).isEqualTo(codexMemory);
            assertThat(timeline.get(0).get("type").asText()).isEqualTo("path");

            JsonNode recall = ok(claude, "recall_session", Map.of("target_session_id", "codex-it-1"));
            assertThat(recall.get("session").get("agent").asText()).isEqualTo("codex");
            assertThat(recall.get("observations")).extracting(node -> node.get("id").asLong()).contains(codexMemory);
            long audit = recall.get("recall_observation_id").asLong();
            JsonNode auditBody = ok(codex, "get_observations", Map.of("ids", List.of(audit))).get("observations")
                    .get(0);
            assertThat(auditBody.get("type").asText()).isEqualTo("recall");
            assertThat(auditBody.get("metadata").get("recalled_session_id").asText()).isEqualTo("codex-it-1");

            JsonNode phantom = error(claude, "recall_session", Map.of("target_session_id", "never-started"));
            assertThat(phantom.get("code").asText()).isEqualTo("SESSION_NOT_FOUND");
        } finally {
            codex.closeGracefully();
        }
        try (Colony colony = storeOnly()) {
            assertThat(colony.storage().read(tx -> tx.sessions().find(SessionId.of("codex-it-1"))).orElseThrow().ended())
                    .as("a session named by the client stays open for it to resume").isFalse();
        }
    }

    @Test
    void badArgumentsComeBackAsCleanErrorsWithTheirCode() {
        JsonNode bogus = error(claude, "memory_add", Map.of("content", "A memory with a made-up type.",
                "type", "bogus"));
        assertThat(bogus.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(bogus.get("error").asText()).startsWith("type:");

        JsonNode unknown = error(claude, "get_observations", Map.of("ids", List.of(99_999_999)));
        assertThat(unknown.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(unknown.get("error").asText()).contains("99999999");

        JsonNode wrongType = error(claude, "timeline", Map.of("session_id", 12));
        assertThat(wrongType.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(wrongType.get("error").asText()).isEqualTo("session_id: must be a string, was a number");

        JsonNode range = error(claude, "list_sessions", Map.of("limit", 500));
        assertThat(range.get("error").asText()).isEqualTo("limit: must be between 1 and 200, was 500");

        JsonNode nul = error(claude, "search", Map.of("query", "deploy\u0000 notes"));
        assertThat(nul.get("code").asText()).as("refused before the embedder sees it").isEqualTo("INVALID_ARGUMENT");
        assertThat(nul.get("field").asText()).isEqualTo("query");
        JsonNode agent = error(claude, "task_message", Map.of("task_id", 1, "to_agent", "codex\u0000",
                "content", "hello"));
        assertThat(agent.get("field").asText()).isEqualTo("to_agent");
        assertThat(agent.get("error").asText()).doesNotContain("\u0000").contains("U+0000");
    }
}
