package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
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

/** The learned fusion's features of each candidate, its shipped weights, and its ranking by them. */
class LearnedFusionTest {

    private static final String VECTORS = IndexLayout.VECTOR + "/test/2";

    private static double feature(FusionFeatures.Candidate candidate, String name) {
        return candidate.values()[FusionFeatures.NAMES.indexOf(name)];
    }

    @Test
    void eachCandidateOfEitherLegGetsItsScoresRanksIdfCoverageAndLengthAndAbsentLegsCountZero() throws Exception {
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
                for (String text : List.of("cache build green", "cache test", "deploy", "rollback plan now")) {
                    Document doc = new Document();
                    doc.add(new TextField(IndexLayout.TEXT, text, Field.Store.NO));
                    doc.add(new KnnFloatVectorField(VECTORS, new float[] {0.6f, 0.8f}, IndexLayout.SIMILARITY));
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                BooleanQuery query = new BooleanQuery.Builder()
                        .add(new TermQuery(new Term(IndexLayout.TEXT, "cache")), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term(IndexLayout.TEXT, "build")), BooleanClause.Occur.SHOULD)
                        .add(new TermQuery(new Term(IndexLayout.TEXT, "unheard")), BooleanClause.Occur.SHOULD)
                        .build();
                QueryTerms terms = QueryTerms.of(searcher, query);
                double cache = Math.log(1 + 2.5 / 2.5);
                double rare = Math.log(1 + 3.5 / 1.5);
                assertThat(terms.ceiling()).isCloseTo(cache + 2 * rare, within(1e-9));
                assertThat(RankFusion.keywordCeiling(searcher, query)).isEqualTo(terms.ceiling());

                ScoreDoc[] keyword = {new ScoreDoc(0, 3f), new ScoreDoc(1, 1f)};
                // Doc 3 is found by a passage nearer the query than its whole (blended to 0.9), doc 2 by its whole.
                ScoreDoc[] vector = {new VectorMatch(3, 0.85f, 0.95f, 1), new ScoreDoc(0, 0.8f),
                    new VectorMatch(2, 0.7f, 0.6f, 0)};
                Map<Integer, FusionFeatures.Candidate> candidates = FusionFeatures.of(reader, keyword, terms, vector,
                        VECTORS, new float[] {1, 0})
                        .stream().collect(Collectors.toMap(FusionFeatures.Candidate::doc, Function.identity()));

                assertThat(candidates).containsOnlyKeys(0, 1, 2, 3);
                FusionFeatures.Candidate both = candidates.get(0);
                assertThat(feature(both, "keyword.found")).isEqualTo(1);
                assertThat(feature(both, "keyword.share")).isCloseTo(3 / terms.ceiling(), within(1e-6));
                assertThat(feature(both, "keyword.relative")).isEqualTo(1);
                assertThat(feature(both, "keyword.reciprocalRank")).isEqualTo(1);
                assertThat(feature(both, "vector.found")).isEqualTo(1);
                assertThat(feature(both, "vector.scaled")).isCloseTo(0.5, within(1e-6));
                assertThat(feature(both, "vector.similarity")).isCloseTo(0.6, within(1e-6));
                assertThat(feature(both, "vector.reciprocalRank")).isEqualTo(0.5);
                assertThat(feature(both, "idf.coverage")).as("holds cache and build, not the unheard word")
                        .isCloseTo((cache + rare) / terms.ceiling(), within(1e-9));
                assertThat(feature(both, "length")).isCloseTo(Math.log1p(3), within(1e-9));
                assertThat(feature(both, "legs.agree")).isEqualTo(1);
                assertThat(feature(both, "legs.reciprocalRanks")).isEqualTo(0.5);
                assertThat(feature(both, FusionFeatures.PASSAGE_MATCH)).isZero();

                FusionFeatures.Candidate keywordOnly = candidates.get(1);
                assertThat(feature(keywordOnly, "keyword.relative")).isCloseTo(1 / 3.0, within(1e-6));
                assertThat(feature(keywordOnly, "vector.found")).isZero();
                assertThat(feature(keywordOnly, "vector.scaled")).isZero();
                assertThat(feature(keywordOnly, "vector.similarity")).as("read from its stored vector")
                        .isCloseTo(0.6, within(1e-6));
                assertThat(feature(keywordOnly, "vector.reciprocalRank")).isZero();
                assertThat(feature(keywordOnly, "legs.agree")).isZero();
                assertThat(feature(keywordOnly, "idf.coverage")).isCloseTo(cache / terms.ceiling(), within(1e-9));
                FusionFeatures.Candidate vectorOnly = candidates.get(3);
                assertThat(feature(vectorOnly, "keyword.found")).isZero();
                assertThat(feature(vectorOnly, "keyword.share")).isZero();
                assertThat(feature(vectorOnly, "idf.coverage")).isZero();
                assertThat(feature(vectorOnly, "vector.scaled")).isEqualTo(1);
                assertThat(feature(vectorOnly, "length")).isCloseTo(Math.log1p(3), within(1e-9));
                assertThat(feature(vectorOnly, FusionFeatures.PASSAGE_MATCH)).as("found by its passage").isEqualTo(1);
                assertThat(feature(candidates.get(2), "vector.scaled")).isZero();
                assertThat(feature(candidates.get(2), FusionFeatures.PASSAGE_MATCH)).as("its whole is nearer").isZero();
                assertThat(feature(keywordOnly, FusionFeatures.PASSAGE_MATCH)).isZero();
            }
        }
    }

    @Test
    void candidatesRankByTheModelsScoreAndTheScoreIsAProbability() {
        double[] weights = new double[FusionFeatures.NAMES.size()];
        weights[FusionFeatures.NAMES.indexOf("idf.coverage")] = 4;
        LearnedFusion model = new LearnedFusion(-2, weights);
        double[] holdsAll = new double[weights.length];
        holdsAll[FusionFeatures.NAMES.indexOf("idf.coverage")] = 1;
        double[] holdsHalf = holdsAll.clone();
        holdsHalf[FusionFeatures.NAMES.indexOf("idf.coverage")] = 0.5;
        double[] holdsNone = new double[weights.length];

        ScoreDoc[] ranked = model.fuse(List.of(new FusionFeatures.Candidate(7, holdsNone),
                new FusionFeatures.Candidate(3, holdsAll), new FusionFeatures.Candidate(5, holdsHalf)), 2);

        assertThat(Arrays.stream(ranked).map(doc -> doc.doc)).containsExactly(3, 5);
        assertThat(ranked[0].score).isCloseTo((float) (1 / (1 + Math.exp(-2))), within(1e-6f));
        assertThat(ranked[1].score).isCloseTo(0.5f, within(1e-6f));
    }

    @Test
    void theShippedModelWeighsEveryFeaturePassageMatchesIncluded() {
        LearnedFusion shipped = LearnedFusion.shipped();
        assertThat(FusionFeatures.NAMES).contains(FusionFeatures.PASSAGE_MATCH).doesNotHaveDuplicates();
        assertThat(shipped.weight(FusionFeatures.PASSAGE_MATCH)).as("trained with memories found by their passages")
                .isNotZero();
        assertThat(FusionFeatures.NAMES.stream().filter(name -> shipped.weight(name) != 0).count())
                .as("features the model uses").isGreaterThanOrEqualTo(8);
        assertThat(shipped.score(new double[FusionFeatures.NAMES.size()])).isBetween(0.0, 1.0);
    }

    @Test
    void weightsThatDoNotMatchTheFeaturesAreRefusedByName() {
        Properties complete = new Properties();
        complete.setProperty(LearnedFusion.BIAS, "-1");
        FusionFeatures.NAMES.forEach(name -> complete.setProperty(name, "0.5"));
        assertThat(LearnedFusion.of(complete).weight("length")).isEqualTo(0.5);

        Properties missing = (Properties) complete.clone();
        missing.remove("length");
        assertThatThrownBy(() -> LearnedFusion.of(missing)).hasMessageContaining("length")
                .hasMessageContaining("missing");
        Properties unknown = (Properties) complete.clone();
        unknown.setProperty("colour", "1");
        assertThatThrownBy(() -> LearnedFusion.of(unknown)).hasMessageContaining("colour");
        Properties notANumber = (Properties) complete.clone();
        notANumber.setProperty("length", "NaN");
        assertThatThrownBy(() -> LearnedFusion.of(notANumber)).hasMessageContaining("length");
    }
}
