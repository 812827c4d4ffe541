package dev.colony.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.launch.EmbeddedColony;
import dev.colony.mcp.ToolResults;
import dev.colony.spi.storage.MemoryDocument;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server with the embedding model answers its first search at once, through the MCP client, on a store of
 * 3,000 memories: the model loads in the background from launch, and a search before it has loaded ranks by words
 * ({@code mode: keyword}, saying why) instead of waiting for it; a write meanwhile gets its vector, and once the
 * model has loaded, searches rank by meaning too.
 */
class FirstSearchIT {

    private static final int MEMORIES = 3_000;
    /**
     * The target is one second on a machine that runs nothing else (the bench scenario {@code mcp.start}
     * reports it); a test machine running builds beside it gets twice that, still below the 2.5 to 6 s a search
     * took when the model loaded inside it.
     */
    private static final Duration FIRST_SEARCH_LIMIT = Duration.ofSeconds(2);
    private static final Duration LOAD_LIMIT = Duration.ofSeconds(60);
    private static final String[] TOPICS = {"gateway", "billing", "ledger", "invoice", "scheduler", "cache", "replica",
        "webhook", "migration", "quota"};

    @TempDir
    Path dir;

    /** Fills the store without an embedder (its memories are found by their words) and builds its index once. */
    private static void fill(Path db) {
        try (Colony colony = EmbeddedColony.open(db)) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "filler")).actor();
            List<MemoryDraft> drafts = new ArrayList<>();
            for (int i = 0; i < MEMORIES; i++) {
                drafts.add(MemoryDraft.of(MemoryKind.NOTE, "Note " + i + ": the " + TOPICS[i % TOPICS.length]
                        + " job " + i + " retried after " + TOPICS[(i / 10) % TOPICS.length] + " timeouts"));
                if (drafts.size() == MemoryLimits.MAX_BATCH) {
                    colony.as(actor).memories().addAll(drafts, false);
                    drafts.clear();
                }
            }
            // A batch is one transaction, so the index may still be behind the last ones: a search waits up to a
            // second for a backlog and then answers from what is indexed, so ask until the index has caught up.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            List<SearchHit> found = colony.as(actor).memories().search(SearchQuery.of("gateway timeouts"));
            while (found.isEmpty() && System.nanoTime() < deadline) {
                found = colony.as(actor).memories().search(SearchQuery.of("gateway timeouts"));
            }
            assertThat(found).isNotEmpty();
        }
    }

    @Test
    void theFirstSearchAfterStartAnswersAtOnceByWordsWhileTheModelLoads() throws Exception {
        Path home = dir.resolve("home");
        fill(home.resolve("colony.db"));
        ServerLog stderr = new ServerLog();
        McpSyncClient client = ColonyJar.mcpClientWithEnv(List.of("mcp", "--user", "alice", "--agent", "claude-code"),
                home, "claude-code", stderr, Map.of("COLONY_EMBEDDING_MODEL", "all-minilm-l6-v2-q"));
        long id;
        try {
            assertThat(stderr.serving.await(LOAD_LIMIT.toSeconds(), TimeUnit.SECONDS))
                    .as("the server reports serving; stderr: %s", stderr).isTrue();
            long started = System.nanoTime();
            CallToolResult answer = client.callTool(CallToolRequest.builder("search")
                    .arguments(Map.of("query", "gateway timeouts")).build());
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            JsonNode first = ToolResults.ok(answer, "search (server stderr: " + stderr + ")");

            assertThat(first.get("hits")).as("server stderr: %s", stderr).isNotEmpty();
            String mode = first.get("mode").asText();
            assertThat(mode).isIn("keyword", "hybrid");
            if (mode.equals("keyword")) {
                assertThat(first.get("next").asText()).startsWith("Ranked by words only: the model is still loading");
            }
            assertThat(took).as("the first search after start (mode %s); server stderr: %s", mode, stderr)
                    .isLessThan(FIRST_SEARCH_LIMIT);

            id = ColonyJar.okAndValid(client, "memory_add", Map.of("content",
                    "The gateway drops idle connections after ninety seconds.", "type", "fact"), stderr)
                    .get("id").asLong();
            assertThat(awaitHybrid(client, stderr)).as("searches rank by meaning once the model has loaded")
                    .isEqualTo("hybrid");
        } finally {
            client.closeGracefully();
        }
        try (Colony colony = EmbeddedColony.openExisting(home.resolve("colony.db"))) {
            MemoryDocument written = colony.storage().read(tx -> tx.memoryFeed().changedSince(MEMORIES, 100)).stream()
                    .filter(document -> document.memory().id().value() == id).findFirst().orElseThrow();
            assertThat(written.vector()).as("the write made while the model loaded got its vector").isNotNull();
        }
    }

    /** The server's stderr lines; {@link #serving} opens once it logged that its store is open and it serves. */
    private static final class ServerLog extends CopyOnWriteArrayList<String> {

        private static final long serialVersionUID = 1L;

        final transient CountDownLatch serving = new CountDownLatch(1);

        @Override
        public boolean add(String line) {
            boolean added = super.add(line);
            if (line.contains("colony MCP server") && line.contains(" serving ")) {
                serving.countDown();
            }
            return added;
        }
    }

    /**
     * Searches until one ranks by meaning too, at most {@link #LOAD_LIMIT}, pausing briefly between searches (the
     * model loads in another process, with nothing to wait on); the last mode seen.
     */
    private static String awaitHybrid(McpSyncClient client, List<String> stderr) throws InterruptedException {
        long deadline = System.nanoTime() + LOAD_LIMIT.toNanos();
        String mode = "none";
        while (System.nanoTime() < deadline) {
            mode = ColonyJar.okAndValid(client, "search", Map.of("query", "idle connections"), stderr).get("mode")
                    .asText();
            if (mode.equals("hybrid")) {
                return mode;
            }
            Thread.sleep(100);
        }
        return mode;
    }
}
