package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/** What the shared analyzer makes of prose, paths, identifiers and noise. */
class MemoryAnalyzerTest {

    private final MemoryAnalyzer analyzer = new MemoryAnalyzer();
    private final QueryPlanner planner = new QueryPlanner(analyzer, LuceneSearch.RESULT_DEMOTION);

    @Test
    void keepsPathsWholeAndSplitsThemIntoParts() {
        assertThat(planner.terms("'apps/mcp-server/src/tools/search.ts':"))
                .containsExactly("apps/mcp-server/src/tools/search.ts", "app", "mcp", "server", "src", "tool",
                        "search", "ts");
    }

    @Test
    void splitsIdentifiersAtCaseChangesAndJoiners() {
        assertThat(planner.terms("SearchIndexFactory")).containsExactly("searchindexfactori", "search", "index",
                "factori");
        assertThat(planner.terms("memory_vector")).containsExactly("memory_vector", "memori", "vector");
        assertThat(planner.terms("dev.colony.search.lucene"))
                .containsExactly("dev.colony.search.lucene", "dev", "coloni", "search", "lucen");
    }

    @Test
    void dropsPunctuationStopWordsAndFoldsCaseAndAccents() {
        assertThat(planner.terms("The \"Café\" (is) NOT open!")).containsExactly("cafe", "open");
        assertThat(planner.terms("\"\" '' () -- :: //")).isEmpty();
    }

    @Test
    void stemsEnglishWordsButNotPathsOrVersions() {
        assertThat(planner.terms("memories indexing claims")).containsExactly("memori", "index", "claim");
        assertThat(planner.terms("memory")).containsExactly("memori");
        assertThat(planner.terms("releases/v2.1")).containsExactly("releases/v2.1", "releas", "v", "2", "1");
    }

    @Test
    void reducesContractionsAndPossessivesToTheirBaseWord() {
        assertThat(planner.terms("I didn't know Tom's sister won't come")).containsExactly("know", "tom", "sister",
                "come");
        assertThat(planner.terms("She\u2019s sure they\u2019ll say we\u2019d've")).containsExactly("sure", "sai");
        assertThat(planner.terms("can't O'Brien rock'n'roll")).containsExactly("o'brien", "o", "brien",
                "rock'n'roll", "rock", "n", "roll");
    }

    @Test
    void dropsTheFunctionWordsOfQuestions() {
        assertThat(planner.terms("What did you say about where we're moving to?")).containsExactly("sai", "move");
    }

    @Test
    void dropsOverlongTermsButKeepsTheirParts() {
        String longPath = "b/".repeat(100) + "tail";
        assertThat(planner.terms(longPath)).containsExactly("b", "tail");
    }

    @Test
    void randomTextAlwaysIndexesWithOffsets() throws IOException {
        String alphabet = "aZ9_./\\:@#$%&+=?~'-\"()[]{}<>,;!* \n\té\u0301\uD83D\uDE00";
        Random random = new Random(7);
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
        type.freeze();
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
                IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            for (int doc = 0; doc < 500; doc++) {
                StringBuilder text = new StringBuilder();
                int length = random.nextInt(200);
                for (int i = 0; i < length; i++) {
                    text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                Document document = new Document();
                document.add(new Field(IndexLayout.TEXT, text.toString(), type));
                assertThatCode(() -> writer.addDocument(document)).as(text.toString()).doesNotThrowAnyException();
            }
        }
    }
}
