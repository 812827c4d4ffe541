package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.TaskId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.SharedParams;
import dev.colony.tool.ToolContext;
import dev.colony.tool.message.MessageTools;
import dev.colony.tool.message.TaskMessageTool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message tools called in-process by two agents' servers on one SQLite store with a Lucene index:
 * every result is checked against the output schema the tool publishes.
 */
class MessageToolsTest {


    @TempDir
    Path dir;

    private Colony colony;
    private Session claudeSession;
    private Session codexSession;
    private ColonyMcpServer claude;
    private ColonyMcpServer codex;
    private long task;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).build();
        claudeSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        codexSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        claude = new ColonyMcpServer(new ToolContext(colony, claudeSession.user(), claudeSession.agent(),
                claudeSession.id()));
        codex = new ColonyMcpServer(new ToolContext(colony, codexSession.user(), codexSession.agent(),
                codexSession.id()));
        TaskId thread = colony.as(claudeSession.actor()).tasks().open("/work/shop", "feature/refunds").thread().id();
        colony.as(codexSession.actor()).tasks().join(thread);
        task = thread.value();
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private static JsonNode ok(ColonyMcpServer server, String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(server, tool, arguments);
    }

    private static JsonNode error(ColonyMcpServer server, String tool, Map<String, Object> arguments) {
        return ToolResults.error(server.call(tool, arguments));
    }

    @Test
    void sendListMarkReadReplyWithActionHints() {
        JsonNode sent = ok(claude, "task_message", Map.of("task_id", task, "to_agent", "codex", "urgency",
                "needs_reply", "content", "Which refund states does the ledger export skip?"));
        long id = sent.get("message_observation_id").asLong();
        assertThat(sent.get("status").asText()).isEqualTo("unread");
        assertThat(sent.size()).isEqualTo(2);

        JsonNode entry = ok(codex, "task_messages", Map.of()).get("messages").get(0);
        assertThat(entry.get("id").asLong()).isEqualTo(id);
        assertThat(entry.get("task_id").asLong()).isEqualTo(task);
        assertThat(entry.get("from_agent").asText()).isEqualTo("claude-code");
        assertThat(entry.get("from_session_id").asText()).isEqualTo(claudeSession.id().value());
        assertThat(entry.get("to_agent").asText()).isEqualTo("codex");
        assertThat(entry.get("urgency").asText()).isEqualTo("needs_reply");
        assertThat(entry.get("status").asText()).isEqualTo("unread");
        assertThat(entry.get("preview").asText()).isEqualTo("Which refund states does the ledger export skip?");
        assertThat(entry.get("is_claimable_broadcast").asBoolean()).isFalse();
        assertThat(entry.get("reply_tool").asText()).isEqualTo("task_message");
        assertThat(entry.get("mark_read_tool").asText()).isEqualTo("task_message_mark_read");
        JsonNode replyArgs = entry.get("suggested_reply_args");
        assertThat(replyArgs.get("reply_to").asLong()).isEqualTo(id);
        assertThat(replyArgs.get("task_id").asLong()).isEqualTo(task);
        assertThat(replyArgs.has("session_id")).as("the reply goes out as the server's session").isFalse();
        assertThat(replyArgs.get("to_session_id").asText()).isEqualTo(claudeSession.id().value());
        assertThat(entry.has("content")).as("compact: no body").isFalse();
        assertThat(entry.has("claimed_by_session_id")).as("unset parts are left out").isFalse();

        JsonNode read = ok(codex, "task_message_mark_read", Map.of("message_observation_id", id, "task_id", task));
        assertThat(read.get("status").asText()).isEqualTo("read");
        assertThat(ok(codex, "task_messages", Map.of()).get("messages")).isEmpty();

        JsonNode reply = ok(codex, "task_message", Map.of("task_id", task, "to_agent", "claude", "reply_to", id,
                "content", "It skips partially_refunded."));
        JsonNode all = ok(codex, "task_messages", Map.of("unread_only", false)).get("messages");
        assertThat(all).singleElement().satisfies(parent -> assertThat(parent.get("status").asText())
                .isEqualTo("replied"));
        JsonNode claudeInbox = ok(claude, "task_messages", Map.of()).get("messages");
        assertThat(claudeInbox).singleElement().satisfies(message -> {
            assertThat(message.get("id").asLong()).isEqualTo(reply.get("message_observation_id").asLong());
            assertThat(message.get("reply_to").asLong()).isEqualTo(id);
        });
    }

    @Test
    void broadcastClaimRetractAndErrorCodes() {
        long broadcast = ok(claude, "task_message", Map.of("task_id", task, "content", "Anyone free for a review?"))
                .get("message_observation_id").asLong();
        JsonNode listed = ok(codex, "task_messages", Map.of()).get("messages").get(0);
        assertThat(listed.get("to_agent").asText()).isEqualTo("any");
        assertThat(listed.get("is_claimable_broadcast").asBoolean()).isTrue();

        JsonNode claim = ok(codex, "task_message_claim", Map.of("message_observation_id", broadcast));
        assertThat(claim.get("status").asText()).isEqualTo("claimed");
        assertThat(claim.get("claimed_by_session_id").asText()).isEqualTo(codexSession.id().value());
        assertThat(claim.get("claimed_by_agent").asText()).isEqualTo("codex");
        assertThat(claim.get("claimed_at").asLong()).isPositive();

        JsonNode notBroadcast = error(codex, "task_message_claim", Map.of("message_observation_id",
                ok(claude, "task_message", Map.of("task_id", task, "to_agent", "codex", "content", "just you"))
                        .get("message_observation_id").asLong()));
        assertThat(notBroadcast.get("code").asText()).isEqualTo("NOT_BROADCAST");

        JsonNode notSender = error(codex, "task_message_retract", Map.of("message_observation_id", broadcast));
        assertThat(notSender.get("code").asText()).isEqualTo("NOT_SENDER");
        JsonNode retracted = ok(claude, "task_message_retract", Map.of("message_observation_id", broadcast, "reason",
                "found a reviewer"));
        assertThat(retracted.get("status").asText()).isEqualTo("retracted");
        JsonNode again = error(claude, "task_message_retract", Map.of("message_observation_id", broadcast));
        assertThat(again.get("code").asText()).isEqualTo("ALREADY_RETRACTED");

        JsonNode missing = error(codex, "task_message_mark_read", Map.of("message_observation_id", 987_654));
        assertThat(missing.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(missing.get("field").asText()).isEqualTo("message_observation_id");
        JsonNode badTask = error(codex, "task_message", Map.of("task_id", 987_654, "content", "hello"));
        assertThat(badTask.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(badTask.get("field").asText()).isEqualTo("task_id");
        JsonNode badUrgency = error(codex, "task_message", Map.of("task_id", task, "content", "x", "urgency", "asap"));
        assertThat(badUrgency.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(badUrgency.get("field").asText()).isEqualTo("urgency");
        JsonNode tooLong = error(codex, "task_message", Map.of("task_id", task, "content", "x",
                "expires_in_minutes", 7 * 24 * 60 + 1));
        assertThat(tooLong.get("code").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(tooLong.get("field").asText()).isEqualTo("expires_in_minutes");
        JsonNode wrongTask = error(codex, "task_message_mark_read", Map.of("message_observation_id", broadcast,
                "task_id", task + 1000));
        assertThat(wrongTask.get("code").asText()).isEqualTo("TASK_MISMATCH");
        assertThat(wrongTask.get("field").asText()).isEqualTo("task_id");
    }

    @Test
    void theToolsAreServedByDefaultWithDescribedArguments() {
        List<String> names = ColonyMcpServer.defaultTools().stream().map(spec -> spec.name()).toList();
        assertThat(names).containsSubsequence("task_message", "task_messages", "task_message_mark_read",
                "task_message_retract", "task_message_claim");
        Map<String, List<String>> required = Map.of(
                "task_message", List.of("task_id", "content"),
                "task_messages", List.of(),
                "task_message_mark_read", List.of("message_observation_id"),
                "task_message_retract", List.of("message_observation_id"),
                "task_message_claim", List.of("message_observation_id"));
        for (JsonNode tool : ColonyMcpServer.definitions(MessageTools.ALL)) {
            String name = tool.get("name").asText();
            assertThat(tool.get("description").asText()).as(name).hasSizeGreaterThan(40);
            assertThat(tool.get("annotations").path("readOnlyHint").asBoolean()).as(name)
                    .isEqualTo(name.equals("task_messages"));
            JsonNode schema = tool.get("inputSchema");
            schema.get("properties").properties().stream()
                    .filter(property -> !SharedParams.isShared(property.getKey()))
                    .forEach(property -> assertThat(property.getValue().path("description").asText())
                            .as(name + "." + property.getKey()).hasSizeGreaterThan(10));
            List<String> requiredNames = new ArrayList<>();
            if (schema.has("required")) {
                schema.get("required").forEach(node -> requiredNames.add(node.asText()));
            }
            assertThat(requiredNames).as(name).isEqualTo(required.get(name));
        }
        JsonNode urgency = ColonyMcpServer.definitions(List.of(TaskMessageTool.SPEC)).get(0).get("inputSchema")
                .get("properties").get("urgency");
        assertThat(urgency.get("enum")).extracting(JsonNode::asText).containsExactly("fyi", "needs_reply", "blocking");
        assertThat(urgency.get("default").asText()).isEqualTo("fyi");
    }
}
