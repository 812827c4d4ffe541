package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.MemoryId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.CountingProvider;
import dev.colony.store.tck.MutableClock;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memory_add} answers from its insert: keyword-only, a write is one write transaction and no read
 * transaction on the calling thread, and the version it answers is the one the store then reports; a batch of
 * new memories is written in one transaction.
 */
class MemoryAddReadsTest {

    @TempDir
    Path dir;

    private CountingProvider storage;
    private Colony colony;
    private Session session;
    private ColonyMcpServer server;

    @BeforeEach
    void open() {
        storage = new CountingProvider(SqliteStorageProvider.open(dir.resolve("colony.db")));
        colony = Colony.builder().storage(storage).search(LuceneSearch.besideStore())
                .clock(new MutableClock(Instant.parse("2026-03-02T10:00:00Z"))).build();
        session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        server = new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void anAddIsOneWriteTransactionAndAnswersTheVersionTheStoreHolds() {
        ToolResults.okAndValid(server, "memory_add", Map.of("content", "Warm-up: the first call opens what it needs"));
        for (Map<String, Object> arguments : List.<Map<String, Object>>of(
                Map.of("content", "Billing retries webhooks 5 times because the provider drops bursts"),
                Map.of("content", "Deploys freeze on Fridays", "force", true),
                Map.of("title", "Rotate the keys", "steps", List.of("Publish the new key")))) {
            storage.countCallingThread();
            JsonNode added = ToolResults.okAndValid(server, "memory_add", arguments);
            storage.stopCounting();

            assertThat(storage.reads()).as("read transactions of %s", arguments).isZero();
            assertThat(storage.writes()).as("write transactions of %s", arguments).isEqualTo(1);
            MemoryId id = MemoryId.of(added.get("id").asLong());
            assertThat(added.get("version").asLong())
                    .isEqualTo(colony.as(session.actor()).memories().versions(List.of(id)).get(id));
        }
    }

    @Test
    void aBatchOfNewMemoriesIsOneWriteTransactionAndAnswersTheVersionsTheStoreHolds() {
        ToolResults.okAndValid(server, "memory_add", Map.of("content", "Warm-up: the first call opens what it needs"));
        List<Map<String, Object>> memories = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            memories.add(Map.of("content", "Service " + i + " keeps its cache for " + (i + 2) + " minutes"));
        }
        memories.add(Map.of("content", "Reply to a task nobody can read", "task_id", 999_999));

        storage.countCallingThread();
        JsonNode added = ToolResults.okAndValid(server, "memory_add_batch", Map.of("memories", memories));
        storage.stopCounting();

        assertThat(added.get("stored").asInt()).isEqualTo(20);
        assertThat(added.get("refused").asInt()).isEqualTo(1);
        assertThat(storage.reads()).as("read transactions").isZero();
        assertThat(storage.writes()).as("write transactions (the refused one never reaches the store)")
                .isEqualTo(1);

        memories.remove(memories.size() - 1);
        memories.replaceAll(memory -> Map.of("content", memory.get("content") + " (again, longer)"));
        storage.countCallingThread();
        JsonNode again = ToolResults.okAndValid(server, "memory_add_batch", Map.of("memories", memories));
        storage.stopCounting();

        assertThat(again.get("stored").asInt()).isEqualTo(20);
        assertThat(storage.reads()).as("read transactions").isZero();
        assertThat(storage.writes()).as("write transactions").isEqualTo(1);
        for (JsonNode item : again.get("items")) {
            MemoryId id = MemoryId.of(item.get("id").asLong());
            assertThat(item.get("version").asLong())
                    .isEqualTo(colony.as(session.actor()).memories().versions(List.of(id)).get(id));
        }
    }
}
