package dev.colony.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.CallerScope;
import dev.colony.langchain4j.ColonyEmbeddingStore.SearchMode;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.RelevanceScore;
import dev.langchain4j.store.embedding.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SearchMode#HYBRID} of {@link ColonyEmbeddingStore}: with query text, the cosine ranking and the BM25
 * ranking of the filtered segments are fused (reciprocal rank fusion, k = 60), so an exact part number the vectors
 * rank last comes first; without query text, and in the default VECTOR mode whatever the text, the ranking and
 * scores are the cosine ones. The vectors are chosen by hand so that every rank, and so every score, is known.
 * Each subclass names the store.
 */
abstract class HybridEmbeddingSearchContract {

    private static final float[] QUERY = {1, 0, 0};

    abstract CallerScope caller();

    /** Four pump parts the query vector is close to, and the gasket it is far from, in store {@code name}. */
    private List<String> addParts(String name) {
        ColonyEmbeddingStore store = new ColonyEmbeddingStore(caller(), name);
        List<String> ids = List.of("housing", "impeller", "seal", "bolts", "gasket");
        store.addAll(ids, List.of(embedding(1, 0.1f, 0), embedding(1, 0.2f, 0), embedding(1, 0.3f, 0),
                embedding(1, 0.5f, 0), embedding(0.2f, 1, 0)), List.of(
                        part("Pump housing, cast iron.", "pump"),
                        part("Impeller for the centrifugal pump.", "pump"),
                        part("Seal kit for pump shafts.", "seal"),
                        part("Mounting bolts, stainless steel.", "bolt"),
                        part("Gasket XK-4471 for the pump housing.", "gasket")));
        return ids;
    }

    @Test
    void hybridPutsTheExactPartNumberFirstThatVectorsRankLast() {
        addParts("parts");
        ColonyEmbeddingStore vector = new ColonyEmbeddingStore(caller(), "parts");
        ColonyEmbeddingStore hybrid = ColonyEmbeddingStore.builder(caller(), "parts")
                .searchMode(SearchMode.HYBRID).build();

        List<EmbeddingMatch<TextSegment>> byVector = search(vector, "XK-4471", 10, 0, null);
        assertThat(ids(byVector)).as("VECTOR ignores the query text")
                .containsExactly("housing", "impeller", "seal", "bolts", "gasket");
        assertThat(byVector).isEqualTo(search(vector, null, 10, 0, null));
        assertThat(byVector.get(4).score()).isCloseTo(RelevanceScore.fromCosineSimilarity(0.2 / Math.sqrt(1.04)),
                within(1e-6));

        List<EmbeddingMatch<TextSegment>> fused = search(hybrid, "XK-4471", 10, 0, null);
        assertThat(ids(fused)).containsExactly("gasket", "housing", "impeller", "seal", "bolts");
        assertThat(scores(fused)).containsExactly(new double[] {(61.0 / 65 + 1) / 2, 0.5, 61.0 / 62 / 2,
                61.0 / 63 / 2, 61.0 / 64 / 2}, within(1e-12));
        assertThat(fused.get(0).embedded().text()).isEqualTo("Gasket XK-4471 for the pump housing.");
        assertThat(fused.get(0).embedded().metadata().getString("kind")).isEqualTo("gasket");
        assertThat(fused.get(0).embedding().vector()).containsExactly(0.2f, 1, 0);

        assertThat(ids(search(hybrid, "pump XK-4471", 10, 0, null)))
                .as("a word the pump parts share lifts the closest of them above the gasket")
                .containsExactly("housing", "impeller", "gasket", "seal", "bolts");
        assertThat(search(hybrid, null, 10, 0, null)).as("HYBRID without query text ranks by vector")
                .isEqualTo(byVector);
        assertThat(search(hybrid, " ", 10, 0, null)).isEqualTo(byVector);
    }

    @Test
    void hybridRanksOnlyTheFilteredSegmentsAndAppliesMinScoreAndMaxResults() {
        addParts("filtered");
        new ColonyEmbeddingStore(caller(), "filtered").addAll(List.of("spare"), List.of(embedding(0, 1, 0)),
                List.of(part("XK-4471", "spare")));
        ColonyEmbeddingStore hybrid = ColonyEmbeddingStore.builder(caller(), "filtered")
                .searchMode(SearchMode.HYBRID).build();

        List<EmbeddingMatch<TextSegment>> all = search(hybrid, "XK-4471", 10, 0, null);
        assertThat(ids(all)).as("the short text is the better keyword match")
                .containsExactly("spare", "gasket", "housing", "impeller", "seal", "bolts");
        assertThat(scores(all)).startsWith(new double[] {(61.0 / 66 + 1) / 2, (61.0 / 65 + 61.0 / 62) / 2, 0.5},
                within(1e-12));

        Filter noSpares = metadataKey("kind").isNotEqualTo("spare");
        List<EmbeddingMatch<TextSegment>> filtered = search(hybrid, "XK-4471", 10, 0, noSpares);
        assertThat(ids(filtered)).containsExactly("gasket", "housing", "impeller", "seal", "bolts");
        assertThat(filtered.get(0).score()).as("keyword ranks among the filtered segments only")
                .isCloseTo((61.0 / 65 + 1) / 2, within(1e-12));
        assertThat(ids(search(hybrid, "XK-4471", 2, 0, noSpares))).containsExactly("gasket", "housing");
        assertThat(ids(search(hybrid, "XK-4471", 10, 0.5, noSpares))).containsExactly("gasket", "housing");
        assertThat(ids(search(hybrid, "XK-4471", 10, 0.6, noSpares))).containsExactly("gasket");
        assertThat(ids(search(hybrid, "XK-4471", 10, 0, metadataKey("kind").isEqualTo("pump"))))
                .as("no keyword match among the selected: the cosine order").containsExactly("housing", "impeller");
    }

    private static Embedding embedding(float... vector) {
        return Embedding.from(vector);
    }

    private static TextSegment part(String text, String kind) {
        return TextSegment.from(text, new Metadata().put("kind", kind));
    }

    private static List<EmbeddingMatch<TextSegment>> search(ColonyEmbeddingStore store, String query,
            int maxResults, double minScore, Filter filter) {
        return store.search(EmbeddingSearchRequest.builder().queryEmbedding(Embedding.from(QUERY)).query(query)
                .maxResults(maxResults).minScore(minScore).filter(filter).build()).matches();
    }

    private static List<String> ids(List<EmbeddingMatch<TextSegment>> matches) {
        return matches.stream().map(EmbeddingMatch::embeddingId).toList();
    }

    private static double[] scores(List<EmbeddingMatch<TextSegment>> matches) {
        List<Double> scores = new ArrayList<>();
        matches.forEach(match -> scores.add(match.score()));
        return scores.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
