package dev.colony.embedding.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The adapter from a LangChain4j model, here the real all-MiniLM one: queries and stored texts carry the
 * markers the model expects, the model id is kept as given, and the relatedness floor is validated.
 */
class LangChain4jEmbedderTest {

    private static EmbeddingModel model;

    @BeforeAll
    static void load() {
        model = new AllMiniLmL6V2QuantizedEmbeddingModel();
    }

    private static float[] raw(String text) {
        return model.embed(TextSegment.from(text)).content().vector();
    }

    @Test
    void queriesAndPassagesAreMarkedAsTheModelWasTrained() {
        LangChain4jEmbedder embedder = new LangChain4jEmbedder(" team/minilm@1 ", model, "query: ", "passage: ");

        assertThat(embedder.modelId()).isEqualTo("team/minilm@1");
        assertThat(embedder.dimension()).isEqualTo(384);
        assertThat(embedder.embedQuery("retry downloads")).containsExactly(raw("query: retry downloads"));
        assertThat(embedder.embed(List.of("Downloads are retried.", "Builds are cached.")))
                .containsExactly(raw("passage: Downloads are retried."), raw("passage: Builds are cached."));
        assertThat(embedder.embed(List.of())).isEmpty();
    }

    @Test
    void theFloorOfRelatednessIsZeroUnlessSetAndMustBeACosine() {
        LangChain4jEmbedder embedder = new LangChain4jEmbedder("team/minilm@1", model);

        assertThat(embedder.minSimilarity()).isZero();
        assertThat(embedder.withMinSimilarity(0.3).minSimilarity()).isEqualTo(0.3);
        assertThat(embedder.withMinSimilarity(0.3).embedQuery("x")).containsExactly(raw("x"));
        assertThatThrownBy(() -> embedder.withMinSimilarity(1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minSimilarity");
        assertThatThrownBy(() -> new LangChain4jEmbedder(" ", model)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("modelId");
    }
}
