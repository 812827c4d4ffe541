package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/** Score fusion at both ends of its weight and in between, and the keyword leg's ceiling. */
class RankFusionTest {

    /** BM25 scores of a query whose ceiling is {@link #CEILING}. */
    private static final ScoreDoc[] KEYWORD = {new ScoreDoc(1, 6f), new ScoreDoc(3, 4.5f), new ScoreDoc(2, 1f)};
    private static final double CEILING = 8;
    private static final ScoreDoc[] VECTOR = {new ScoreDoc(4, 0.91f), new ScoreDoc(3, 0.90f), new ScoreDoc(5, 0.6f)};
    /** Both legs weighed alike. */
    private static final double BALANCED = 0.5;

    private static List<Integer> docs(ScoreDoc[] ranked) {
        return Arrays.stream(ranked).map(doc -> doc.doc).toList();
    }

    @Test
    void alphaOneIsTheKeywordLegAndAlphaZeroTheVectorLeg() {
        assertThat(docs(RankFusion.fuse(KEYWORD, CEILING, VECTOR, 3, 1.0))).containsExactly(1, 3, 2);
        assertThat(docs(RankFusion.fuse(KEYWORD, CEILING, VECTOR, 3, 0.0))).containsExactly(4, 3, 5);
    }

    @Test
    void aDocumentBothLegsFindRisesAndEitherLegAloneStillRanks() {
        List<Integer> fused = docs(RankFusion.fuse(KEYWORD, CEILING, VECTOR, 10, BALANCED));

        assertThat(fused.get(0)).as("doc 3 is second by words and by meaning, first of both").isEqualTo(3);
        assertThat(fused).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
        assertThat(docs(RankFusion.fuse(new ScoreDoc[0], 1, VECTOR, 2, BALANCED))).containsExactly(4, 3);
        assertThat(docs(RankFusion.fuse(KEYWORD, CEILING, new ScoreDoc[0], 2, BALANCED)))
                .containsExactly(1, 3);
        assertThatThrownBy(() -> RankFusion.fuse(KEYWORD, CEILING, VECTOR, 3, 1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alpha");
        assertThatThrownBy(() -> RankFusion.fuse(KEYWORD, 0, VECTOR, 3, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keywordCeiling");
    }

    @Test
    void aKeywordHitCountsByHowMuchOfTheQueryItMatchesNotByBeingTheBestOfPoorMatches() {
        ScoreDoc[] weak = {new ScoreDoc(1, 0.8f)};
        ScoreDoc[] middling = {new ScoreDoc(1, 3f)};
        ScoreDoc[] semantic = {new ScoreDoc(4, 0.91f), new ScoreDoc(6, 0.75f), new ScoreDoc(5, 0.6f)};

        assertThat(docs(RankFusion.fuse(weak, CEILING, semantic, 4, BALANCED)))
                .as("the best of poor keyword matches (one common word) ranks below a middling meaning")
                .containsExactly(4, 6, 1, 5);
        assertThat(docs(RankFusion.fuse(middling, CEILING, semantic, 4, BALANCED)))
                .as("a memory holding a good part of the query's rare words ranks above it")
                .containsExactly(4, 1, 6, 5);
    }

    @Test
    void aBestKeywordHitHoldingTheSharedPartOfTheCeilingCountsInFullAndTheOthersRelativeToIt() {
        double half = RankFusion.KEYWORD_SHARE * CEILING;
        ScoreDoc[] partial = {new ScoreDoc(1, (float) (half * 1.2)), new ScoreDoc(2, (float) (half * 0.6))};
        ScoreDoc[] poor = {new ScoreDoc(1, (float) (half / 4))};

        ScoreDoc[] fused = RankFusion.fuse(partial, CEILING, new ScoreDoc[0], 2, 1.0);
        assertThat(fused[0].score).isEqualTo(1f);
        assertThat(fused[1].score).isCloseTo(0.5f, within(1e-6f));
        assertThat(RankFusion.fuse(poor, CEILING, new ScoreDoc[0], 1, 1.0)[0].score)
                .as("below the share, a score counts as its part of the share").isCloseTo(0.25f, within(1e-6f));
    }

    @Test
    void theKeywordLegWeighsMoreTheMoreOfTheQueryItsBestCandidateHolds() {
        double low = RankFusion.LOW_COVERAGE * CEILING;
        double high = RankFusion.HIGH_COVERAGE * CEILING;

        assertThat(RankFusion.alpha(new ScoreDoc[0], 1)).as("no keyword candidate").isEqualTo(RankFusion.MIN_ALPHA);
        assertThat(RankFusion.alpha(new ScoreDoc[] {new ScoreDoc(1, (float) (low / 2))}, CEILING))
                .isEqualTo(RankFusion.MIN_ALPHA);
        assertThat(RankFusion.alpha(new ScoreDoc[] {new ScoreDoc(1, (float) ((low + high) / 2))}, CEILING))
                .isCloseTo((RankFusion.MIN_ALPHA + RankFusion.MAX_ALPHA) / 2, within(1e-6));
        assertThat(RankFusion.alpha(new ScoreDoc[] {new ScoreDoc(1, (float) CEILING)}, CEILING))
                .isEqualTo(RankFusion.MAX_ALPHA);
        assertThat(RankFusion.MIN_ALPHA).isPositive();
        assertThat(RankFusion.MAX_ALPHA).isLessThan(1).isGreaterThan(RankFusion.MIN_ALPHA);
    }

    @Test
    void theCeilingIsTheSumOfTheQueryTermsIdfWithUnknownTermsAsRareAsCanBe() throws Exception {
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
                for (String text : List.of("cache build", "cache test", "deploy", "rollback")) {
                    Document doc = new Document();
                    doc.add(new TextField("text", text, Field.Store.NO));
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                BooleanQuery query = new BooleanQuery.Builder()
                        .add(new TermQuery(new Term("text", "cache")), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term("text", "deploy")), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term("text", "unheard")), BooleanClause.Occur.SHOULD)
                        .build();

                double twoOfFour = Math.log(1 + 2.5 / 2.5);
                double oneOfFour = Math.log(1 + 3.5 / 1.5);
                assertThat(RankFusion.keywordCeiling(searcher, query))
                        .isCloseTo(twoOfFour + 2 * oneOfFour, org.assertj.core.api.Assertions.within(1e-9));
            }
        }
    }
}
