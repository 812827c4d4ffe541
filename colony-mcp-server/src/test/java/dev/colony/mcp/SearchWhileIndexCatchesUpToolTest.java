package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.search.BackgroundPause;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While the search index says it is catching up with the store, search and memory_search still answer, and their
 * next step says how many changes are not searchable yet; once it has caught up they say nothing of it. The real
 * index's backlog is tested with the index ({@code IndexLifecycleTest}); here a real Lucene index is wrapped so
 * that the test sets the backlog it reports.
 */
class SearchWhileIndexCatchesUpToolTest {

    @TempDir
    Path dir;

    /** A real index whose {@link #backlog()} the test sets. */
    private static final class Behind implements SearchIndex {
        final SearchIndex index;
        final AtomicLong backlog = new AtomicLong();

        Behind(SearchIndex index) {
            this.index = index;
        }

        @Override
        public List<SearchHit> search(SearchRequest request) {
            return index.search(request);
        }

        @Override
        public List<MemoryId> nearest(StoredVector vector, NamespaceId namespace, MemoryKind kind, int k,
                double minSimilarity) {
            return index.nearest(vector, namespace, kind, k, minSimilarity);
        }

        @Override
        public String embeddingText(String query, Set<NamespaceId> namespaces) {
            return index.embeddingText(query, namespaces);
        }

        @Override
        public long backlog() {
            return backlog.get();
        }

        @Override
        public void changed() {
            index.changed();
        }

        @Override
        public BackgroundPause pauseBackground() {
            return index.pauseBackground();
        }

        @Override
        public void close() {
            index.close();
        }
    }

    @Test
    void searchesSayHowManyChangesAreNotSearchableYet() {
        Behind[] opened = new Behind[1];
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search((source, clock) -> opened[0] = new Behind(LuceneSearch.inMemory().open(source, clock)))
                .build()) {
            ColonyMcpServer server = ToolResults.server(colony, "alice", "codex");
            ToolResults.okAndValid(server, "memory_add", Map.of("content", "The nightly export skips archived "
                    + "invoices.", "type", "fact"));
            opened[0].backlog.set(12_345);
            for (String tool : List.of("search", "memory_search")) {
                JsonNode result = ToolResults.okAndValid(server, tool, Map.of("query", "archived invoices export"));
                assertThat(result.get("next").asText()).as(tool).startsWith("The index is still catching up with the "
                        + "store (12345 changes to go)");
                assertThat(result.get("hits")).as(tool).hasSize(1);
            }
            opened[0].backlog.set(0);
            JsonNode caughtUp = ToolResults.okAndValid(server, "search", Map.of("query", "archived invoices export"));
            assertThat(caughtUp.get("next").asText()).doesNotContain("catching up");
        }
    }
}
