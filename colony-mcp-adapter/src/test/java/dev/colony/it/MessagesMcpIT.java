package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.Actor;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.core.Colony;
import dev.colony.mcp.ToolResults;
import dev.colony.store.sqlite.SqliteStorageProvider;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directed messages between two agents, each its own {@code colony-mcp.jar} process driven by the SDK's
 * stdio client, on one database file: a full round trip, and a retraction that leaves inboxes but not
 * search.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MessagesMcpIT {

    private static final String CLAUDE_SESSION = "claude-msg-it";
    private static final String CODEX_SESSION = "codex-msg-it";

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient claude;
    private McpSyncClient codex;
    private long task;

    @BeforeAll
    void start() {
        claude = client("claude-code", CLAUDE_SESSION);
        codex = client("codex", CODEX_SESSION);
        // A first call waits until each server has opened the store and started its session.
        assertThat(ok(claude, "task_messages", Map.of()).get("messages")).isEmpty();
        assertThat(ok(codex, "task_messages", Map.of()).get("messages")).isEmpty();
        // Both agents work on one thread; opened here through the library on the same file.
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db"))).build()) {
            TaskId thread = colony.as(new Actor(UserId.of("alice"), "claude-code", SessionId.of(CLAUDE_SESSION)))
                    .tasks().open("/work/shop", "feature/refunds").thread().id();
            colony.as(new Actor(UserId.of("alice"), "codex", SessionId.of(CODEX_SESSION))).tasks().join(thread);
            task = thread.value();
        }
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
        List<String> args = List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user", "alice",
                "--agent", agent, "--session", session);
        McpSyncClient client = ColonyJar.mcpClient(args, dir.resolve("home"), agent, stderr);
        return client;
    }

    /** A successful call's JSON, checked against the tool's published output schema. */
    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    private JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }

    private JsonNode find(JsonNode messages, long id) {
        for (JsonNode message : messages) {
            if (message.get("id").asLong() == id) {
                return message;
            }
        }
        return null;
    }

    @Test
    void messageRoundTripSendInboxMarkReadReplyParentReplied() {
        long sent = ok(claude, "task_message", Map.of("task_id", task, "to_agent", "codex", "urgency", "needs_reply",
                "content", "Can you confirm the refund webhook retries use exponential backoff?"))
                .get("message_observation_id").asLong();

        JsonNode inbox = ok(codex, "task_messages", Map.of()).get("messages");
        JsonNode entry = find(inbox, sent);
        assertThat(entry).as("codex inbox %s", inbox).isNotNull();
        assertThat(entry.get("status").asText()).isEqualTo("unread");
        assertThat(entry.get("urgency").asText()).isEqualTo("needs_reply");
        assertThat(entry.get("from_session_id").asText()).isEqualTo(CLAUDE_SESSION);
        assertThat(entry.get("reply_tool").asText()).isEqualTo("task_message");
        assertThat(entry.get("mark_read_tool").asText()).isEqualTo("task_message_mark_read");
        assertThat(find(ok(codex, "task_messages", Map.of()).get("messages"), sent)).as("listing does not mark read")
                .isNotNull();
        JsonNode body = ok(codex, "get_observations", Map.of("ids", List.of(sent))).get("observations").get(0);
        assertThat(body.get("content").asText()).startsWith("Can you confirm the refund webhook retries");
        assertThat(body.get("type").asText()).isEqualTo("message");

        JsonNode read = ok(codex, "task_message_mark_read", Map.of("message_observation_id", sent));
        assertThat(read.get("status").asText()).isEqualTo("read");
        assertThat(ok(codex, "task_message_mark_read", Map.of("message_observation_id", sent)).get("status").asText())
                .as("idempotent").isEqualTo("read");
        assertThat(find(ok(codex, "task_messages", Map.of()).get("messages"), sent)).isNull();

        JsonNode args = entry.get("suggested_reply_args");
        long reply = ok(codex, "task_message", Map.of("task_id", args.get("task_id").asLong(), "to_agent",
                args.get("to_agent").asText(), "to_session_id", args.get("to_session_id").asText(), "reply_to",
                args.get("reply_to").asLong(), "content", "Yes: 1s, 2s, 4s, capped at five attempts."))
                .get("message_observation_id").asLong();

        JsonNode parent = find(ok(codex, "task_messages", Map.of("unread_only", false)).get("messages"), sent);
        assertThat(parent.get("status").asText()).isEqualTo("replied");
        JsonNode answer = find(ok(claude, "task_messages", Map.of()).get("messages"), reply);
        assertThat(answer).isNotNull();
        assertThat(answer.get("reply_to").asLong()).isEqualTo(sent);
        assertThat(answer.get("to_session_id").asText()).isEqualTo(CLAUDE_SESSION);
        JsonNode late = error(claude, "task_message_retract", Map.of("message_observation_id", sent));
        assertThat(late.get("code").asText()).isEqualTo("ALREADY_REPLIED");
    }

    @Test
    void retractedMessageLeavesTheInboxButSearchStillFindsIt() {
        long sent = ok(claude, "task_message", Map.of("task_id", task, "to_agent", "codex", "urgency", "blocking",
                "content", "Stop the marmalade importer before it rewrites the ledger tables."))
                .get("message_observation_id").asLong();
        assertThat(find(ok(codex, "task_messages", Map.of()).get("messages"), sent)).isNotNull();

        JsonNode retracted = ok(claude, "task_message_retract", Map.of("message_observation_id", sent, "reason",
                "the importer was already stopped"));
        assertThat(retracted.get("status").asText()).isEqualTo("retracted");

        assertThat(find(ok(codex, "task_messages", Map.of()).get("messages"), sent)).isNull();
        assertThat(find(ok(codex, "task_messages", Map.of("unread_only", false)).get("messages"), sent)).isNull();
        JsonNode refused = error(codex, "task_message_mark_read", Map.of("message_observation_id", sent));
        assertThat(refused.get("code").asText()).isEqualTo("ALREADY_RETRACTED");

        JsonNode hits = ok(codex, "search", Map.of("query", "marmalade importer ledger")).get("hits");
        assertThat(hits).extracting(hit -> hit.get("id").asLong()).contains(sent);
        JsonNode body = ok(codex, "get_observations", Map.of("ids", List.of(sent))).get("observations").get(0);
        assertThat(body.get("retracted").asBoolean()).isTrue();
    }
}
