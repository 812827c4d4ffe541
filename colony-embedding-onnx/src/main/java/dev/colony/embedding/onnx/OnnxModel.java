package dev.colony.embedding.onnx;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The sentence-embedding models this module runs in-process: small, quantized, English, 384 dimensions,
 * shipped inside their LangChain4j jars (no download at run time).
 */
public enum OnnxModel {

    /** all-MiniLM-L6-v2, quantized: six layers, mean pooling; the fastest. */
    ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", 384, "", "", 0.25, AllMiniLmL6V2QuantizedEmbeddingModel::new),

    /**
     * BAAI bge-small-en-v1.5, quantized: twelve layers, CLS pooling; queries carry the instruction the
     * model was trained with, passages do not.
     */
    BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", 384, "Represent this sentence for searching relevant passages: ",
            "", 0.55, BgeSmallEnV15QuantizedEmbeddingModel::new),

    /**
     * intfloat e5-small-v2, quantized: twelve layers, mean pooling; trained on marked pairs, so queries
     * start with {@code query: } and stored texts with {@code passage: }.
     */
    E5_SMALL_V2_Q("e5-small-v2-q", 384, "query: ", "passage: ", 0.79, E5SmallV2QuantizedEmbeddingModel::new);

    private final String id;
    private final int dimension;
    private final String queryPrefix;
    private final String passagePrefix;
    private final double minSimilarity;
    private final Function<Executor, EmbeddingModel> factory;

    OnnxModel(String id, int dimension, String queryPrefix, String passagePrefix, double minSimilarity,
            Function<Executor, EmbeddingModel> factory) {
        this.id = id;
        this.dimension = dimension;
        this.queryPrefix = queryPrefix;
        this.passagePrefix = passagePrefix;
        this.minSimilarity = minSimilarity;
        this.factory = factory;
    }

    /** The model's name, as configured ({@code --embedding-model}) and inside {@link OnnxEmbedder#modelId()}. */
    public String id() {
        return id;
    }

    /** The length of its vectors. */
    public int dimension() {
        return dimension;
    }

    /** What a search query is prefixed with before it is embedded (empty for none). */
    public String queryPrefix() {
        return queryPrefix;
    }

    /** What a stored text is prefixed with before it is embedded (empty for none). */
    public String passagePrefix() {
        return passagePrefix;
    }

    /**
     * The least cosine similarity of a query to a related text with this model. Each model spreads
     * unrelated pairs over its own band, so the floor was measured per model on the labeled agent-memory
     * set ({@code HybridQualityTest} in colony-search-lucene): about the similarity 95 % of unrelated
     * query–memory pairs stay below and 95 % of related ones reach (all-MiniLM 0.24 and 0.26, bge 0.58
     * and 0.54, e5 0.81 and 0.80).
     */
    public double minSimilarity() {
        return minSimilarity;
    }

    /** Creates the LangChain4j model; this loads the ONNX runtime and the model's weights. */
    EmbeddingModel create(Executor executor) {
        return factory.apply(executor);
    }

    /** The model named {@code id} (case-insensitive), if this module has it. */
    public static Optional<OnnxModel> byId(String id) {
        String wanted = id.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(model -> model.id.equals(wanted)).findFirst();
    }
}
