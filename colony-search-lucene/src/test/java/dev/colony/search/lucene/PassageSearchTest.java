package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.SearchMode;
import dev.colony.spi.embedding.Passages;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory of several sentences is found by meaning through the one sentence a query is about, with the real
 * in-process model: ranked first where its whole embedding alone ranks it below memories that are about the query's
 * subject only roughly; once per memory; through the layer a search fills itself as well as through the index; and
 * not at all once it is forgotten.
 */
class PassageSearchTest {

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

    private static RealModel model;

    @BeforeAll
    static void model() {
        model = RealModel.load(natives);
    }

    private static List<StoredVector> passages(String text) {
        List<StoredVector> vectors = new ArrayList<>();
        for (String passage : Passages.of(text)) {
            vectors.add(model.memory(passage));
        }
        return vectors;
    }

    private static ListMemorySource roughlyAbout(String name) {
        ListMemorySource source = new ListMemorySource(name);
        for (String text : ROUGHLY) {
            source.memory(text).vector(model.memory(text)).add();
        }
        return source;
    }

    private static List<Long> byMeaning(LuceneSearchIndex index) {
        StoredVector query = model.query(QUESTION);
        return Requests.ids(index.search(Requests.query(QUESTION).mode(SearchMode.VECTOR, query,
                model.minSimilarity()).build()));
    }

    @Test
    void aMemoryIsFoundFirstByTheSentenceTheQueryIsAbout() {
        assertThat(Passages.of(LONG)).hasSize(3);
        ListMemorySource whole = roughlyAbout("passages-whole");
        long wholeOnly = whole.memory(LONG).vector(model.memory(LONG)).add();
        ListMemorySource withPassages = roughlyAbout("passages");
        long target = withPassages.memory(LONG).vector(model.memory(LONG)).passages(passages(LONG)).add();

        try (LuceneSearchIndex before = LuceneSearch.inMemory().open(whole);
                LuceneSearchIndex after = LuceneSearch.inMemory().open(withPassages)) {
            List<Long> wholes = byMeaning(before);
            assertThat(wholes).contains(wholeOnly);
            assertThat(wholes.get(0)).as("by its whole embedding alone it ranks below what is roughly about it")
                    .isNotEqualTo(wholeOnly);
            List<Long> found = byMeaning(after);
            assertThat(found).as("by its second sentence").startsWith(target).doesNotHaveDuplicates();
            StoredVector query = model.query(QUESTION);
            for (String text : List.of(QUESTION, "what is the number the test server's db answers at")) {
                assertThat(after.search(Requests.query(text).mode(SearchMode.VECTOR, query, model.minSimilarity())
                        .limit(1).build())).singleElement().satisfies(hit -> assertThat(hit.snippet())
                        .as("the sentence, with or without words of the query").contains("port 5433"));
            }
        }
    }

    @Test
    void aFreshMemoryIsFoundByItsSentenceAndAForgottenOneNotAtAll() {
        ListMemorySource source = roughlyAbout("passages-fresh");
        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            List<Long> roughly = byMeaning(index);
            long target = source.memory(LONG).vector(model.memory(LONG)).passages(passages(LONG)).add();

            assertThat(byMeaning(index)).as("written after the index opened").startsWith(target)
                    .doesNotHaveDuplicates();

            source.remove(target, Presence.FORGOTTEN);
            assertThat(byMeaning(index)).as("forgotten: neither its passages nor its whole").isEqualTo(roughly);
        }
    }
}
