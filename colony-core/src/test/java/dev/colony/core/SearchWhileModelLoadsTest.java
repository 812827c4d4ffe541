package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Actor;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Colony built to answer at once ranks searches by words while its embedder's model loads in the background,
 * and says so; a write meanwhile waits for the model and is stored with its vector. A Colony that only warms up
 * its embedder waits for the model, as a one-shot command wants.
 */
class SearchWhileModelLoadsTest {

    private static final String MODEL = "byte-histogram";

    @TempDir
    Path dir;

    /** Embeds like {@link HistogramEmbedder}, but only once its model has "loaded": when the test releases it. */
    private static final class LoadingEmbedder implements Embedder {
        final HistogramEmbedder inner = new HistogramEmbedder(MODEL, 8);
        final CountDownLatch loaded = new CountDownLatch(1);
        final CountDownLatch preparing = new CountDownLatch(1);
        final List<String> queries = new CopyOnWriteArrayList<>();

        @Override
        public String modelId() {
            return inner.modelId();
        }

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            awaitLoaded();
            return inner.embed(texts);
        }

        @Override
        public float[] embedQuery(String query) {
            queries.add(query);
            awaitLoaded();
            return inner.embedQuery(query);
        }

        @Override
        public void prepare() {
            preparing.countDown();
            awaitLoaded();
        }

        private void awaitLoaded() {
            try {
                loaded.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** A store holding one memory, embedded by the same model, so that keyword and vector legs both could find it. */
    private Path filledStore() {
        Path db = dir.resolve("colony.db");
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).search(LuceneSearch.besideStore())
                .embedder(new HistogramEmbedder(MODEL, 8)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "The gateway retries uploads twice"));
        }
        return db;
    }

    @Test
    void searchesRankByWordsWhileTheModelLoadsAndAWriteMeanwhileGetsItsVector() throws Exception {
        Path db = filledStore();
        LoadingEmbedder embedder = new LoadingEmbedder();
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).search(LuceneSearch.besideStore())
                .embedder(embedder).keywordWhileEmbedderLoads(true).build()) {
            assertThat(embedder.preparing.await(30, TimeUnit.SECONDS)).as("the model loads in the background").isTrue();
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            MemoryStore memories = colony.as(actor).memories();

            assertThat(colony.embedderLoading()).isTrue();
            assertThat(memories.searchMode(SearchMode.HYBRID)).isEqualTo(SearchMode.KEYWORD);
            assertThat(memories.searchMode(SearchMode.VECTOR)).isEqualTo(SearchMode.KEYWORD);
            List<SearchHit> hits = memories.search(SearchQuery.of("gateway uploads"));
            assertThat(hits).singleElement().satisfies(hit -> assertThat(hit.snippet()).contains("gateway"));
            assertThat(embedder.queries).as("no query waited for the model").isEmpty();

            CompletableFuture<Memory> written = CompletableFuture.supplyAsync(() -> memories.add(
                    MemoryDraft.of(MemoryKind.FACT, "Uploads above a gigabyte go through the bulk lane")));
            embedder.loaded.countDown();
            Memory memory = written.get(30, TimeUnit.SECONDS);

            MemoryDocument stored = colony.storage().read(tx -> tx.memoryFeed().changedSince(0, 100)).stream()
                    .filter(document -> document.memory().id().equals(memory.id())).findFirst().orElseThrow();
            assertThat(stored.vector()).as("written while the model loaded, stored with its vector").isNotNull();
            assertThat(stored.vector().model()).isEqualTo(MODEL);
        }
    }

    @Test
    void aColonyThatOnlyWarmsUpItsEmbedderWaitsForTheModel() throws Exception {
        Path db = filledStore();
        LoadingEmbedder embedder = new LoadingEmbedder();
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).search(LuceneSearch.besideStore())
                .embedder(embedder).warmUpEmbedder(true).build()) {
            assertThat(embedder.preparing.await(30, TimeUnit.SECONDS)).isTrue();
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            MemoryStore memories = colony.as(actor).memories();

            assertThat(colony.embedderLoading()).isFalse();
            assertThat(memories.searchMode(SearchMode.HYBRID)).isEqualTo(SearchMode.HYBRID);
            CompletableFuture<List<SearchHit>> search = CompletableFuture.supplyAsync(() -> memories.search(
                    SearchQuery.of("gateway uploads")));
            embedder.loaded.countDown();
            assertThat(search.get(30, TimeUnit.SECONDS)).hasSize(1);
            assertThat(embedder.queries).as("ranked by meaning too, once loaded").hasSize(1);
        }
    }
}
