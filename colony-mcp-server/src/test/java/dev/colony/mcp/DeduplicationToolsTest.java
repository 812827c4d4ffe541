package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memory_add and memory_add_batch deduplicate with the real model unless forced; a fact that differs only in a
 * version or a project name is stored.
 */
class DeduplicationToolsTest {

    private static final String SESSIONS = "Redis holds user sessions and they expire after 24 hours.";

    @TempDir
    Path dir;

    private Colony colony;
    private ColonyMcpServer alice;

    @BeforeEach
    void open() {
        colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore())
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build();
        Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        alice = new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    private JsonNode ok(String tool, Map<String, Object> arguments) {
        return ToolResults.okAndValid(alice, tool, arguments);
    }

    @Test
    void aDuplicateComesBackInsteadOfBeingStoredUnlessForced() {
        long first = ok("memory_add", Map.of("content", SESSIONS)).get("id").asLong();

        JsonNode again = ok("memory_add", Map.of("content", "User sessions are held in Redis and expire after 24 hours."));
        JsonNode forced = ok("memory_add", Map.of("content", "User sessions are held in Redis and expire after 24 hours.",
                "force", true));
        JsonNode batch = ok("memory_add_batch", Map.of("memories", List.of(
                Map.of("content", "Sessions are kept in Redis for 24 hours."),
                Map.of("content", "Rate limit counters are kept in Redis for one minute."))));

        assertThat(again.get("duplicate").asBoolean()).isTrue();
        assertThat(again.get("id").asLong()).isEqualTo(first);
        assertThat(again.get("score").asDouble()).isGreaterThanOrEqualTo(0.8);
        assertThat(forced.has("duplicate")).isFalse();
        assertThat(forced.get("id").asLong()).isNotEqualTo(first);
        assertThat(batch.get("duplicates").asInt()).isEqualTo(1);
        assertThat(batch.get("stored").asInt()).isEqualTo(1);
        assertThat(batch.get("items").get(0).get("duplicate_of").asLong()).isIn(first, forced.get("id").asLong());
    }

    @Test
    void aFactThatDiffersInAVersionOrAProjectNameIsStoredAndARewordingIsNot() {
        long first = ok("memory_add", Map.of("content", "hikaricp at version 6.8.3 in Fafogath")).get("id").asLong();

        JsonNode otherVersion = ok("memory_add", Map.of("content", "hikaricp at version 3.8.8 in Fafogath"));
        JsonNode otherProject = ok("memory_add", Map.of("content", "hikaricp at version 6.8.3 in Dopivur"));
        JsonNode both = ok("memory_add", Map.of("content", "hikaricp at version 3.8.8 in Dopivur"));
        JsonNode reworded = ok("memory_add", Map.of("content", "Fafogath uses hikaricp 6.8.3."));

        assertThat(List.of(otherVersion, otherProject, both)).allSatisfy(result -> {
            assertThat(result.has("duplicate")).as(result.toString()).isFalse();
            assertThat(result.get("id").asLong()).isNotEqualTo(first);
        });
        assertThat(reworded.get("duplicate").asBoolean()).isTrue();
        assertThat(reworded.get("id").asLong()).isEqualTo(first);
    }
}
