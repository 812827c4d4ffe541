package dev.colony.embedding.onnx;

import dev.colony.spi.embedding.Embedder;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Any LangChain4j {@link EmbeddingModel} as Colony's {@link Embedder}: plug in the model your
 * application already uses. The model id you give is stored with every vector, so name the model and
 * its version: Colony never compares vectors of different ids.
 */
public final class LangChain4jEmbedder implements Embedder {

    private final String modelId;
    private final EmbeddingModel model;
    private final String queryPrefix;
    private final String passagePrefix;
    private final double minSimilarity;
    private volatile int dimension;

    /**
     * Adapts {@code model}.
     *
     * @param modelId a stable name of the model (and its version), stored with every vector
     * @param model the model
     */
    public LangChain4jEmbedder(String modelId, EmbeddingModel model) {
        this(modelId, model, "");
    }

    /**
     * Adapts {@code model}, whose queries need {@code queryPrefix} (an instruction the model expects).
     *
     * @param modelId a stable name of the model (and its version), stored with every vector
     * @param model the model
     * @param queryPrefix what a query is prefixed with before it is embedded
     */
    public LangChain4jEmbedder(String modelId, EmbeddingModel model, String queryPrefix) {
        this(modelId, model, queryPrefix, "");
    }

    /**
     * Adapts {@code model}, which was trained with one marker before queries and another before the
     * passages they are matched against (as E5 models are).
     *
     * @param modelId a stable name of the model (and its version), stored with every vector
     * @param model the model
     * @param queryPrefix what a query is prefixed with before it is embedded
     * @param passagePrefix what a stored text is prefixed with before it is embedded
     */
    public LangChain4jEmbedder(String modelId, EmbeddingModel model, String queryPrefix, String passagePrefix) {
        this(modelId, model, queryPrefix, passagePrefix, 0);
    }

    private LangChain4jEmbedder(String modelId, EmbeddingModel model, String queryPrefix, String passagePrefix,
            double minSimilarity) {
        if (modelId == null || modelId.isBlank()) {
            throw new IllegalArgumentException("modelId must name the model");
        }
        this.modelId = modelId.strip();
        this.model = Objects.requireNonNull(model, "model");
        this.queryPrefix = Objects.requireNonNull(queryPrefix, "queryPrefix");
        this.passagePrefix = Objects.requireNonNull(passagePrefix, "passagePrefix");
        if (!(minSimilarity >= -1 && minSimilarity <= 1)) {
            throw new IllegalArgumentException("minSimilarity must be within [-1, 1], was " + minSimilarity);
        }
        this.minSimilarity = minSimilarity;
    }

    /**
     * This adapter with another floor of relatedness ({@link Embedder#minSimilarity()}): measure where
     * your model puts unrelated query–text pairs and set it just above most of them.
     *
     * @param leastSimilarity the least cosine similarity of a related text, within [-1, 1]
     * @return a new adapter of the same model
     */
    public LangChain4jEmbedder withMinSimilarity(double leastSimilarity) {
        return new LangChain4jEmbedder(modelId, model, queryPrefix, passagePrefix, leastSimilarity);
    }

    @Override
    public double minSimilarity() {
        return minSimilarity;
    }

    @Override
    public String modelId() {
        return modelId;
    }

    /** The model's dimension; asking may embed a probe text once, when the model does not know it. */
    @Override
    public int dimension() {
        int known = dimension;
        if (known == 0) {
            known = model.dimension();
            dimension = known;
        }
        return known;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        return embedAll(texts, passagePrefix);
    }

    @Override
    public float[] embedQuery(String query) {
        return embedAll(List.of(query), queryPrefix).get(0);
    }

    private List<float[]> embedAll(List<String> texts, String prefix) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments = new ArrayList<>(texts.size());
        for (String text : texts) {
            segments.add(TextSegment.from(prefix + text));
        }
        List<Embedding> embeddings = model.embedAll(segments).content();
        if (embeddings.size() != texts.size()) {
            throw new IllegalStateException(modelId + " returned " + embeddings.size() + " vectors for "
                    + texts.size() + " texts");
        }
        List<float[]> vectors = new ArrayList<>(embeddings.size());
        for (Embedding embedding : embeddings) {
            vectors.add(embedding.vector());
        }
        return vectors;
    }
}
