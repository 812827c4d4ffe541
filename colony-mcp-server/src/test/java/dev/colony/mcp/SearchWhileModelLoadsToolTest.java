package dev.colony.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a server's Colony whose model is still loading, search (also by meaning alone) and memory_search answer at once by
 * words, with mode keyword and a next step that says why; none of them waits for the model.
 */
class SearchWhileModelLoadsToolTest {

    @TempDir
    Path dir;

    /** An embedder whose model never finishes loading in this test: any embedding would wait for good. */
    private static final class NeverLoaded implements Embedder {
        final CountDownLatch loaded = new CountDownLatch(1);
        final CountDownLatch preparing = new CountDownLatch(1);

        @Override
        public String modelId() {
            return "never-loaded";
        }

        @Override
        public int dimension() {
            return 4;
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            await();
            return texts.stream().map(text -> new float[] {1, 0, 0, 0}).toList();
        }

        @Override
        public void prepare() {
            preparing.countDown();
            await();
        }

        private void await() {
            try {
                loaded.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void searchesAnswerByWordsAndSayWhyWhileTheModelLoads() throws Exception {
        Path db = dir.resolve("colony.db");
        try (Colony filling = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore()).build()) {
            ToolResults.okAndValid(ToolResults.server(filling, "alice", "codex"), "memory_add",
                    Map.of("content", "The nightly export skips archived invoices.", "type", "fact"));
        }
        NeverLoaded embedder = new NeverLoaded();
        Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).search(LuceneSearch.besideStore())
                .embedder(embedder).keywordWhileEmbedderLoads(true).build();
        try {
            assertThat(embedder.preparing.await(30, TimeUnit.SECONDS)).isTrue();
            ColonyMcpServer server = ToolResults.server(colony, "alice", "codex");
            for (String tool : List.of("search", "search meaning_only", "memory_search")) {
                Map<String, Object> arguments = tool.endsWith("meaning_only")
                        ? Map.of("query", "archived invoices export", "meaning_only", true)
                        : Map.of("query", "archived invoices export");
                JsonNode result = CompletableFuture.supplyAsync(() -> ToolResults.okAndValid(server,
                        tool.split(" ")[0], arguments)).get(30, TimeUnit.SECONDS);
                assertThat(result.get("mode").asText()).as(tool).isEqualTo("keyword");
                assertThat(result.get("next").asText()).as(tool).startsWith("Ranked by words only: the model is "
                        + "still loading");
                assertThat(result.get("hits")).as(tool).hasSize(1);
            }
        } finally {
            embedder.loaded.countDown();
            colony.close();
        }
    }
}
