package dev.colony.embedding.onnx;

import dev.colony.spi.embedding.Embedder;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Colony's default embedder: an {@link OnnxModel} run inside the JVM, with no API key and no network.
 *
 * <p>Nothing is loaded until the first text is embedded; then the ONNX runtime and the model's weights
 * load once per process and model, and every {@code OnnxEmbedder} of that model shares them. A batch
 * is embedded on a shared pool of daemon threads, one per processor. Native libraries unpack under the
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

    private static final Map<OnnxModel, LangChain4jEmbedder> LOADED = new EnumMap<>(OnnxModel.class);
    private static final ExecutorService POOL = Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(), daemonThreads());

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
        List<float[]> vectors = NativeCalls.run("embedding with " + model.id(), () -> loaded().embed(texts));
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
        return NativeCalls.run("embedding with " + model.id(), () -> loaded().embedQuery(query));
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

    private LangChain4jEmbedder loaded() {
        synchronized (LOADED) {
            LangChain4jEmbedder embedder = LOADED.get(model);
            if (embedder == null) {
                NativeLibraries.prepare(nativeDirectory);
                NativeCalls.startRuntime();
                embedder = new LangChain4jEmbedder(modelId(), model.create(POOL), model.queryPrefix(),
                        model.passagePrefix());
                NativeLibraries.removeRuntimeLitter();
                LOADED.put(model, embedder);
            }
            return embedder;
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "colony-embedding-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
