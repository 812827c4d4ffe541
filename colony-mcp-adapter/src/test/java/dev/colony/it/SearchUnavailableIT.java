package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.mcp.ToolResults;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose search index directory cannot be used, through the MCP client: writes and reads by id work,
 * a search answers {@code SEARCH_UNAVAILABLE} naming the directory, and once the directory is usable the next
 * search after the back-off finds what was written meanwhile.
 */
class SearchUnavailableIT {

    private static final Pattern NEXT_TRY = Pattern.compile("next try in (\\d+) s");

    @TempDir
    Path dir;

    @Test
    void anUnusableIndexDirectoryFailsSearchAloneAndSearchRecoversWhenItIsUsableAgain() throws Exception {
        Path home = dir.resolve("home");
        Path index = home.resolve("colony.index");
        Files.createDirectories(home);
        // A regular file where the index directory goes: no user, root included, can open it as a directory.
        Files.writeString(index, "not a directory");
        List<String> stderr = Collections.synchronizedList(new ArrayList<>());
        McpSyncClient client = ColonyJar.mcpClient(List.of("--user", "alice", "--agent", "claude-code"), home,
                "claude-code", stderr);
        try {
            long id = ColonyJar.okAndValid(client, "memory_add", Map.of("content",
                    "Invoices are archived to cold storage after thirteen months.", "type", "fact"), stderr)
                    .get("id").asLong();
            JsonNode read = ColonyJar.okAndValid(client, "get_observations", Map.of("ids", List.of(id)), stderr);
            assertThat(read.get("observations").get(0).get("content").asText()).contains("thirteen months");

            JsonNode refused = error(client, "memory_search", Map.of("query", "invoices cold storage"));
            assertThat(refused.get("code").asText()).isEqualTo("SEARCH_UNAVAILABLE");
            assertThat(refused.get("error").asText()).contains(index.toString()).contains("not a directory");
            // What reads more than memories answers without memory hits instead of failing.
            assertThat(ColonyJar.okAndValid(client, "hivemind_context", Map.of("query", "invoices"), stderr)
                    .path("memory_hits").size()).isZero();
            assertThat(ColonyJar.okAndValid(client, "init_core_memories", Map.of("query", "invoices"), stderr)
                    .path("hits").size()).isZero();

            Files.delete(index);
            long later = ColonyJar.okAndValid(client, "memory_add", Map.of("content",
                    "Archived invoices are restored on request within one business day.", "type", "fact"), stderr)
                    .get("id").asLong();
            CallToolResult early = client.callTool(CallToolRequest.builder("search")
                    .arguments(Map.of("query", "invoices")).build());
            if (Boolean.TRUE.equals(early.isError())) {
                // Still within the back-off; the server's clock is its own, so wait out what it names (a second
                // or two here).
                Matcher next = NEXT_TRY.matcher(ToolResults.error(early).get("error").asText());
                assertThat(next.find()).as("the refusal says when search is tried again").isTrue();
                Thread.sleep(Long.parseLong(next.group(1)) * 1_000);
            }

            JsonNode hits = ColonyJar.okAndValid(client, "search", Map.of("query", "invoices archived"), stderr)
                    .get("hits");
            List<Long> found = new ArrayList<>();
            hits.forEach(hit -> found.add(hit.get("id").asLong()));
            assertThat(found).as("server stderr: %s", stderr).contains(id, later);
        } finally {
            client.closeGracefully();
        }
    }

    private static JsonNode error(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolResults.error(client.callTool(CallToolRequest.builder(tool).arguments(arguments).build()));
    }
}
