package dev.colony.embedding.onnx;

import dev.colony.spi.embedding.Embedder;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Colony's default embedder: an {@link OnnxModel} run inside the JVM, with no API key and no network.
 *
 * <p>Nothing is loaded until the first text is embedded; then the ONNX runtime and the model's weights
 * load once per process and model, and every {@code OnnxEmbedder} of that model shares them. A batch
 * of texts is embedded in as few model calls as its length allows ({@link SentenceEncoder}), each on at most
 * {@link #MODEL_THREADS} threads of the runtime. Native libraries unpack under the
 * directory given here (see {@link NativeLibraries}), never into a new temporary directory per run.
 *
 * <p>An exiting JVM waits for a model that is loading, and for a batch being embedded, before it lets the
 * runtime's native code be torn down (see {@link NativeCalls}); once it has begun to exit, nothing new starts
 * and a call fails with an {@link IllegalStateException}.
 */
public final class OnnxEmbedder implements Embedder {

    /** The model used when none is configured. */
    public static final OnnxModel DEFAULT_MODEL = OnnxModel.ALL_MINILM_L6_V2_Q;
    /** The prefix of every model id this module stores with its vectors. */
    public static final String MODEL_ID_PREFIX = "onnx/";

    /**
     * The most threads one model call uses: the processors, up to four. A call on a short text gains little
     * from more, and every thread keeps its own scratch memory.
     */
    public static final int MODEL_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private static final Map<OnnxModel, SentenceEncoder> LOADED = new EnumMap<>(OnnxModel.class);

    private final OnnxModel model;
    private final Path nativeDirectory;

    private OnnxEmbedder(OnnxModel model, Path nativeDirectory) {
        this.model = Objects.requireNonNull(model, "model");
        this.nativeDirectory = Objects.requireNonNull(nativeDirectory, "nativeDirectory");
    }

    /**
     * An embedder of {@code model}, unpacking native libraries under {@code nativeDirectory} (for
     * Colony's server, {@code $COLONY_HOME/native}).
     */
    public static OnnxEmbedder of(OnnxModel model, Path nativeDirectory) {
        return new OnnxEmbedder(model, nativeDirectory);
    }

    /** The model this embedder runs. */
    public OnnxModel model() {
        return model;
    }

    @Override
    public String modelId() {
        return MODEL_ID_PREFIX + model.id();
    }

    @Override
    public int dimension() {
        return model.dimension();
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<float[]> vectors = NativeCalls.run("embedding with " + model.id(),
                () -> loaded().embed(prefixed(model.passagePrefix(), texts)));
        for (float[] vector : vectors) {
            if (vector.length != model.dimension()) {
                throw new IllegalStateException(modelId() + " returned a vector of " + vector.length
                        + " dimensions, not " + model.dimension());
            }
        }
        return vectors;
    }

    @Override
    public float[] embedQuery(String query) {
        return NativeCalls.run("embedding with " + model.id(),
                () -> loaded().embed(List.of(model.queryPrefix() + query)).get(0));
    }

    /** The duplicate threshold measured for this model ({@link OnnxModel#duplicateSimilarity()}). */
    @Override
    public double duplicateSimilarity() {
        return model.duplicateSimilarity();
    }

    /** The floor measured for this model ({@link OnnxModel#minSimilarity()}). */
    @Override
    public double minSimilarity() {
        return model.minSimilarity();
    }

    /** Loads the model now, unless this process has loaded it already. */
    @Override
    public void prepare() {
        NativeCalls.run("loading " + model.id(), this::loaded);
    }

    /** Whether this process has loaded the model already (nothing loads before the first embedding). */
    public boolean isLoaded() {
        synchronized (LOADED) {
            return LOADED.containsKey(model);
        }
    }

    /** How many times this process has run this embedder's model (one per batch of texts, or more for long ones). */
    long modelRuns() {
        synchronized (LOADED) {
            SentenceEncoder encoder = LOADED.get(model);
            return encoder == null ? 0 : encoder.runs();
        }
    }

    private static List<String> prefixed(String prefix, List<String> texts) {
        return prefix.isEmpty() ? texts : texts.stream().map(text -> prefix + text).toList();
    }

    private SentenceEncoder loaded() {
        synchronized (LOADED) {
            SentenceEncoder encoder = LOADED.get(model);
            if (encoder == null) {
                boolean trusted = NativeLibraries.prepare(nativeDirectory);
                NativeCalls.startRuntime();
                encoder = SentenceEncoder.load(model, MODEL_THREADS, trusted ? nativeDirectory : null);
                NativeLibraries.removeRuntimeLitter();
                LOADED.put(model, encoder);
            }
            return encoder;
        }
    }
}
