package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.MemoryId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.CountingProvider;
import dev.colony.tool.ToolContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code memory_add} that finds a duplicate answers the duplicate's version from the read that found it: no
 * transaction of its own to read the version back, and no write.
 */
class MemoryAddDuplicateReadsTest {

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
                .embedder(OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, dir.resolve("natives"))).build();
        session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        server = new ColonyMcpServer(new ToolContext(colony, session.user(), session.agent(), session.id()));
    }

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void aDuplicateIsAnsweredFromTheReadThatFoundIt() {
        long first = ToolResults.okAndValid(server, "memory_add",
                Map.of("content", "Redis holds user sessions and they expire after 24 hours.")).get("id").asLong();
        String again = "User sessions are held in Redis and expire after 24 hours.";
        ToolResults.okAndValid(server, "memory_add", Map.of("content", again));

        storage.countCallingThread();
        JsonNode duplicate = ToolResults.okAndValid(server, "memory_add", Map.of("content", again));
        storage.stopCounting();

        assertThat(duplicate.get("duplicate").asBoolean()).isTrue();
        assertThat(duplicate.get("id").asLong()).isEqualTo(first);
        assertThat(storage.writes()).as("write transactions").isZero();
        assertThat(storage.reads()).as("read transactions: those of the check for a duplicate (a fourth read "
                + "the version back before)").isEqualTo(3);
        MemoryId id = MemoryId.of(first);
        assertThat(duplicate.get("version").asLong())
                .isEqualTo(colony.as(session.actor()).memories().versions(List.of(id)).get(id));
    }
}
