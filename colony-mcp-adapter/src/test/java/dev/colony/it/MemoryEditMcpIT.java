package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
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
 * memory_edit as MCP clients see it, through the SDK's client and the built jar, two users' servers on one
 * store: what an edit answers is what every read path then shows (the type a status or type change gives, found
 * by type_filter), a task's result memory is found by memory_search as by search (demoted, never dropped), and
 * a member cannot edit another member's memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MemoryEditMcpIT {

    @TempDir
    static Path dir;

    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private McpSyncClient alice;
    private McpSyncClient bob;

    @BeforeAll
    void start() {
        alice = client("alice");
        bob = client("bob");
        ok(alice, "collection_manage", Map.of("action", "create", "collection", "ops"));
        ok(alice, "collection_manage", Map.of("action", "add_member", "collection", "ops", "user", "bob"));
    }

    @AfterAll
    void stop() {
        for (McpSyncClient client : new McpSyncClient[] {alice, bob}) {
            if (client != null) {
                client.closeGracefully();
            }
        }
    }

    private McpSyncClient client(String user) {
        return ColonyJar.mcpClient(List.of("mcp", "--db", dir.resolve("colony.db").toString(), "--user", user,
                "--agent", "claude-code"), dir.resolve("home-" + user), user, stderr);
    }

    private JsonNode ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ColonyJar.okAndValid(client, tool, arguments, stderr);
    }

    private static JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }

    private static List<Long> ids(JsonNode result) {
        List<Long> ids = new ArrayList<>();
        result.get("hits").forEach(hit -> ids.add(hit.get("id").asLong()));
        return ids;
    }

    private String typeOf(long id) {
        String retrieved = ok(alice, "memory_retrieve", Map.of("ids", List.of(id))).get("memories").get(0)
                .get("type").asText();
        String observed = ok(alice, "get_observations", Map.of("ids", List.of(id))).get("observations").get(0)
                .get("type").asText();
        assertThat(observed).as("get_observations agrees with memory_retrieve").isEqualTo(retrieved);
        return retrieved;
    }

    @Test
    void aChangedTypeIsStoredForEveryReadPathAndItsTypeFilter() {
        long task = ok(alice, "memory_add", Map.of("title", "Rotate the staging TLS certificate", "steps",
                List.of("issue the certificate", "install it on the proxy"))).get("id").asLong();
        long fact = ok(alice, "memory_add", Map.of("content", "Staging certificates come from the internal "
                + "certificate authority, never from a public one.", "type", "fact")).get("id").asLong();

        assertThat(ok(alice, "memory_edit", Map.of("memory_id", task, "set_status", "done")).get("type").asText())
                .isEqualTo("task_done");
        assertThat(typeOf(task)).isEqualTo("task_done");
        assertThat(ids(ok(alice, "memory_search", Map.of("query", "staging TLS certificate", "type_filter",
                "task_done")))).containsExactly(task);

        ok(alice, "memory_edit", Map.of("memory_id", task, "set_status", "active"));
        assertThat(typeOf(task)).as("reverting the status reverts the type").isEqualTo("task");
        assertThat(ids(ok(alice, "memory_search", Map.of("query", "staging TLS certificate", "type_filter",
                "task_done")))).isEmpty();
        assertThat(ids(ok(alice, "memory_search", Map.of("query", "staging TLS certificate", "type_filter",
                "task")))).containsExactly(task);

        assertThat(ok(alice, "memory_edit", Map.of("memory_id", fact, "type", "decision")).get("type").asText())
                .isEqualTo("decision");
        assertThat(typeOf(fact)).isEqualTo("decision");
        assertThat(ids(ok(alice, "memory_search", Map.of("query", "internal certificate authority", "type_filter",
                "decision")))).containsExactly(fact);
    }

    @Test
    void memorySearchFindsATaskAndItsResultAsSearchDoes() {
        long task = ok(alice, "memory_add", Map.of("title", "Migrate the billing exports to parquet", "steps",
                List.of("write the parquet exporter", "switch the nightly job"))).get("id").asLong();
        long result = ok(alice, "memory_edit", Map.of("memory_id", task, "toggle", List.of(0), "output",
                "The parquet exporter for billing exports is written and tested.")).get("result_id").asLong();

        List<Long> search = ids(ok(alice, "search", Map.of("query", "billing exports parquet")));
        List<Long> memorySearch = ids(ok(alice, "memory_search", Map.of("query", "billing exports parquet")));

        assertThat(search).as("search").contains(task, result);
        assertThat(memorySearch).as("memory_search: the result demoted, never dropped").contains(task, result);
        assertThat(memorySearch.indexOf(task)).isLessThan(memorySearch.indexOf(result));
    }

    @Test
    void aMemberCannotEditAnotherMembersMemory() {
        long shared = ok(alice, "memory_add", Map.of("content", "The ops rota hands over at 09:00 UTC on Mondays.",
                "type", "fact", "collection", "ops")).get("id").asLong();

        JsonNode refused = error(bob, "memory_edit", Map.of("memory_id", shared, "content",
                "The ops rota hands over whenever bob likes."));

        assertThat(refused.get("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(refused.get("error").asText()).startsWith("memory_id:");
        assertThat(ok(bob, "memory_retrieve", Map.of("ids", List.of(shared))).get("memories").get(0).get("content")
                .asText()).isEqualTo("The ops rota hands over at 09:00 UTC on Mondays.");
    }
}
