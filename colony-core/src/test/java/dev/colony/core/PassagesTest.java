package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory of several sentences is stored with the embeddings of its sentences, embedded in the same batch as the
 * whole: an index rebuilt from the store finds it by one sentence without embedding anything again, and a forgotten
 * memory's sentences are gone from the store and from search. With a SQLite store, its Lucene index and the real
 * model.
 */
class PassagesTest {

    private static final String LONG = "We moved the weekly planning meeting to Thursday mornings after the "
            + "holidays. The staging database listens on port 5433 instead of the default one. Lunch orders go "
            + "through the shared spreadsheet now, and the coffee machine on the third floor is fixed.";
    private static final String QUESTION = "which port does the staging database listen on";
    private static final List<String> ROUGHLY = List.of(
            "The staging environment is rebuilt from scratch every night.",
            "Production PostgreSQL runs on a dedicated host with daily backups.",
            "The web server listens on port 8080 behind the proxy.",
            "Database migrations run automatically on every deploy.",
            "Staging and production databases use different credentials.");

    @TempDir
    static Path natives;

    private static Embedder model;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() {
        model = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, natives);
    }

    /** The real model, counting its calls and the texts it embeds for memories (queries not counted). */
    private static final class Counting implements Embedder {
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger texts = new AtomicInteger();

        @Override
        public List<float[]> embed(List<String> batch) {
            calls.incrementAndGet();
            texts.addAndGet(batch.size());
            return model.embed(batch);
        }

        @Override
        public float[] embedQuery(String query) {
            return model.embedQuery(query);
        }

        @Override
        public int dimension() {
            return model.dimension();
        }

        @Override
        public String modelId() {
            return model.modelId();
        }

        @Override
        public double minSimilarity() {
            return model.minSimilarity();
        }
    }

    private Colony open(Embedder embedder) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("colony.db")))
                .search(LuceneSearch.besideStore()).embedder(embedder).build();
    }

    private static List<SearchHit> byMeaning(CallerScope alice) {
        return alice.memories().search(SearchQuery.of(QUESTION).withMode(SearchMode.VECTOR));
    }

    @Test
    void passagesAreEmbeddedInOneBatchAndSurviveARebuildWithoutEmbedding() throws IOException {
        Counting first = new Counting();
        Memory target;
        try (Colony colony = open(first)) {
            CallerScope alice = as(colony, "alice");
            for (String text : ROUGHLY) {
                alice.memories().add(MemoryDraft.of(MemoryKind.FACT, text));
            }
            int calls = first.calls.get();
            int texts = first.texts.get();
            target = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, LONG));
            assertThat(first.calls.get() - calls).as("one batch").isEqualTo(1);
            assertThat(first.texts.get() - texts).as("the whole and its three sentences").isEqualTo(4);
            MemoryDocument stored = colony.storage().read(tx -> tx.memoryVectors().documents(List.of(target.id())))
                    .get(0);
            assertThat(stored.passages()).hasSize(3);
            assertThat(byMeaning(alice)).extracting(SearchHit::id).startsWith(target.id());
        }
        try (Stream<Path> files = Files.walk(dir.resolve("colony.index"))) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }

        Counting second = new Counting();
        try (Colony colony = open(second)) {
            CallerScope alice = as(colony, "alice");
            assertThat(byMeaning(alice)).extracting(SearchHit::id).as("rebuilt from the stored passages").startsWith(target.id());
            assertThat(second.calls.get()).as("nothing embedded again").isZero();
        }
    }

    @Test
    void aForgottenMemorysPassagesAreGoneFromTheStoreAndFromSearch() {
        try (Colony colony = open(new Counting())) {
            CallerScope alice = as(colony, "alice");
            for (String text : ROUGHLY) {
                alice.memories().add(MemoryDraft.of(MemoryKind.FACT, text));
            }
            Memory target = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, LONG));
            long rev = colony.storage().read(tx -> tx.memoryFeed().latestRev());
            assertThat(byMeaning(alice)).extracting(SearchHit::id).startsWith(target.id());

            alice.memories().forget(target.id(), null);

            List<MemoryDocument> feed = colony.storage().read(tx -> tx.memoryFeed().changedSince(rev, 10));
            assertThat(feed).filteredOn(document -> document.memory().id().equals(target.id())).singleElement()
                    .satisfies(document -> assertThat(document.passages()).isEmpty());
            assertThat(byMeaning(alice)).extracting(SearchHit::id).doesNotContain(target.id());
        }
    }
}
