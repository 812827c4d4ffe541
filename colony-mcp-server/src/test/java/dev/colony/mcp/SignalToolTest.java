package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code signal} send / check / ack and the {@code signal} shortcut of {@code memory_add}, called in-process
 * on a real SQLite store, with every result checked against the tool's declared output schema.
 */
class SignalToolTest {

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer alice;
    private ColonyMcpServer bob;
    private ColonyMcpServer mallory;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db"))).build();
        alice = server("alice", "claude-code");
        bob = server("bob", "deploy-bot");
        mallory = server("mallory", "codex");
        ok(alice, "collection_manage", Map.of("action", "create", "collection", "deployments"));
        ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "deployments", "user", "bob"));
    }

    private ColonyMcpServer server(String user, String agent) {
        return ToolResults.server(colony, user, agent);
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private static JsonNode ok(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(on, tool, arguments);
    }

    private static JsonNode error(ColonyMcpServer on, String tool, Map<String, Object> arguments) {
        return ToolResults.error(on.call(tool, arguments));
    }

    @Test
    void aTaskIsStoredAndSignalledInOneCallThenCheckedReadAndAcknowledged() {
        JsonNode added = ok(alice, "memory_add", Map.of("title", "Deploy billing v2", "steps",
                List.of("run migrations", "deploy", "smoke test"), "collection", "deployments",
                "signal", "deploy-bot"));
        long task = added.get("id").asLong();
        long signalId = added.get("signal_id").asLong();
        assertThat(added.has("signal_error")).isFalse();

        JsonNode checked = ok(bob, "signal", Map.of("action", "check"));
        assertThat(checked.get("pending").asInt()).isEqualTo(1);
        assertThat(checked.get("signals")).singleElement().satisfies(signal -> {
            assertThat(signal.get("id").asLong()).isEqualTo(signalId);
            assertThat(signal.get("collection").asText()).isEqualTo("deployments");
            assertThat(signal.get("from_user").asText()).isEqualTo("alice");
            assertThat(signal.get("to_agent").asText()).isEqualTo("deploy-bot");
            assertThat(signal.get("memory_ids")).extracting(JsonNode::asLong).containsExactly(task);
            assertThat(signal.has("content")).as("pointers only").isFalse();
        });
        assertThat(checked.get("next").asText()).contains("memory_retrieve");
        assertThat(ok(bob, "memory_retrieve", Map.of("ids", List.of(task))).get("memories")).hasSize(1);
        assertThat(ok(bob, "signal", Map.of("action", "check")).get("pending").asInt()).as("a peek").isEqualTo(1);

        JsonNode acked = ok(bob, "signal", Map.of("action", "ack", "signal_ids", List.of(signalId, 999_999)));
        assertThat(acked.get("acked")).extracting(JsonNode::asLong).containsExactly(signalId);
        assertThat(acked.get("unknown")).extracting(JsonNode::asLong).containsExactly(999_999L);
        JsonNode again = ok(bob, "signal", Map.of("action", "ack", "signal_ids", List.of(signalId)));
        assertThat(again.get("acked")).isEmpty();
        assertThat(again.get("already_acked")).extracting(JsonNode::asLong).containsExactly(signalId);
        JsonNode empty = ok(bob, "signal", Map.of("action", "check"));
        assertThat(empty.get("signals")).isEmpty();
        assertThat(empty.has("next")).isFalse();
    }

    @Test
    void aSendAnswersWithTheSignalAndOutsidersSeeNothing() {
        long memory = ok(alice, "memory_add", Map.of("content", "Billing v2 rollout waits for the schema change",
                "collection", "deployments")).get("id").asLong();

        JsonNode sent = ok(alice, "signal", Map.of("action", "send", "collection", "deployments", "recipient", "bob",
                "memory_ids", List.of(memory), "expires_hours", 168)).get("signal");

        assertThat(sent.get("to_user").asText()).isEqualTo("bob");
        assertThat(sent.has("to_agent")).as("any of bob's agents").isFalse();
        assertThat(sent.get("expires_at").asLong() - sent.get("ts").asLong()).isEqualTo(168L * 3_600_000);
        assertThat(ok(mallory, "signal", Map.of("action", "check")).get("signals")).isEmpty();
        JsonNode outsider = error(mallory, "signal", Map.of("action", "send", "collection", "deployments",
                "recipient", "bob", "memory_ids", List.of(memory)));
        assertThat(outsider.get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(outsider.get("field").asText()).isEqualTo("collection");
    }

    @Test
    void badCallsAreRefusedNamingTheFieldAndAFailedAddSendsNothing() {
        long memory = ok(alice, "memory_add", Map.of("content", "Rollbacks use the previous image tag",
                "collection", "deployments")).get("id").asLong();

        assertThat(error(alice, "signal", Map.of("action", "send", "collection", "deployments",
                "memory_ids", List.of(memory))).get("field").asText()).isEqualTo("recipient");
        assertThat(error(alice, "signal", Map.of("action", "send", "collection", "deployments", "recipient", "bob",
                "memory_ids", List.of(memory), "expires_hours", 721)).get("field").asText())
                .isEqualTo("expires_hours");
        assertThat(error(alice, "signal", Map.of("action", "check", "recipient", "bob")).get("field").asText())
                .isEqualTo("recipient");
        assertThat(error(alice, "signal", Map.of("action", "ack")).get("field").asText()).isEqualTo("signal_ids");
        assertThat(error(alice, "signal", Map.of("action", "peek")).get("field").asText()).isEqualTo("action");
        assertThat(error(alice, "memory_add", Map.of("content", "No collection to signal through",
                "signal", "bob")).get("field").asText()).isEqualTo("collection");
        assertThat(error(alice, "memory_add", Map.of("content", "", "collection", "deployments",
                "signal", "bob")).get("field").asText()).isEqualTo("content");

        JsonNode refused = ok(alice, "memory_add", Map.of("content", "Stored even though nobody is called this",
                "collection", "deployments", "signal", "nobody"));
        assertThat(refused.get("id").asLong()).isPositive();
        assertThat(refused.has("signal_id")).isFalse();
        assertThat(refused.get("signal_error").get("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(refused.get("signal_error").get("field").asText()).isEqualTo("recipient");
        assertThat(ok(bob, "signal", Map.of("action", "check")).get("signals")).isEmpty();
    }
}
