package dev.colony.embedding.onnx;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a BERT-style sentence model on texts: each text tokenized and cut into pieces the model takes (as
 * LangChain4j's encoder cuts it: at most {@value #MAX_PIECE_TOKENS} tokens, never inside a word), each piece run
 * through the model and pooled over its own tokens (mean, or the first token), and a text's pieces averaged by
 * their token counts and normalised.
 *
 * <p>Every piece is its own model call. The quantized models scale their activations over the whole input, so a
 * piece run in a padded batch with others came out a little different (cosine to the same text alone 0.98 to
 * 0.99), and a stored vector would depend on what it happened to be written with: on the agent dialog set that
 * moved hybrid search below the vector leg alone ({@code HybridQualityTest}). One piece a call gives exactly
 * LangChain4j's vector whatever the batch. A batch runs its pieces side by side instead, one piece a run on each of
 * up to {@code threads} threads at once (the caller's and helper threads of this encoder): the runs of one session
 * may overlap, each still sees its piece alone, so the vectors are the same bit for bit, and two cores embed a batch
 * some 1.4 times as fast as one piece after another (bench {@code memory.add.batch}).
 *
 * <p>The session is made with per-shape memory plans off (texts come in every length, and a plan would be kept
 * for each shape seen) and its memory arena on (without it, each call's buffers go to the C allocator, which kept
 * some 200 MB more after 1,000 adds with the JVM's defaults: bench {@code mcp.rss.writes}). Its threads do not
 * spin between calls. Thread-safe: the runtime runs concurrent calls of one session.
 */
final class SentenceEncoder implements AutoCloseable {

    /** The most tokens of one piece, without the two markers the model adds. */
    static final int MAX_PIECE_TOKENS = 510;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean meanPooling;
    private final boolean typeIds;
    private final AtomicLong runs = new AtomicLong();
    /** How many pieces of one batch run at once. */
    private final int lanes;
    /** The threads that run a batch's pieces beside the caller's; {@code null} with one lane. */
    private final ExecutorService helpers;

    private SentenceEncoder(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer,
            boolean meanPooling, int lanes) throws OrtException {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
        this.meanPooling = meanPooling;
        this.typeIds = session.getInputNames().contains("token_type_ids");
        this.lanes = lanes;
        AtomicInteger named = new AtomicInteger();
        this.helpers = lanes <= 1 ? null : Executors.newFixedThreadPool(lanes - 1, task -> {
            Thread thread = new Thread(task, "colony-embedding-" + named.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Loads {@code model} from its jar's resources (the ONNX runtime must be started): its weights from a file
     * where {@link ModelWeights} finds or makes one under {@code trusted} (a directory {@link NativeLibraries}
     * trusted, or {@code null}), else from their bytes; its tokenizer on a thread of its own meanwhile.
     */
    static SentenceEncoder load(OnnxModel model, int threads, Path trusted) {
        model.missing().ifPresent(why -> {
            throw new IllegalStateException(why);
        });
        ClassLoader loader = SentenceEncoder.class.getClassLoader();
        FutureTask<HuggingFaceTokenizer> tokenizer = new FutureTask<>(() -> {
            try (InputStream vocabulary = resource(loader, model.resource() + "-tokenizer.json")) {
                return HuggingFaceTokenizer.newInstance(vocabulary, Map.of("padding", "false"));
            }
        });
        Thread tokenizerLoad = new Thread(tokenizer, "colony-tokenizer-load");
        tokenizerLoad.setDaemon(true);
        tokenizerLoad.start();
        SentenceEncoder encoder = null;
        try {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            options.setMemoryPatternOptimization(false);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            String weights = model.resource() + ".onnx";
            Optional<Path> file = ModelWeights.file(loader, weights, trusted);
            OrtSession session;
            if (file.isPresent()) {
                session = environment.createSession(file.get().toString(), options);
            } else {
                try (InputStream in = resource(loader, weights)) {
                    session = environment.createSession(in.readAllBytes(), options);
                }
            }
            encoder = new SentenceEncoder(environment, session, joined(tokenizer, model), model.meanPooling(),
                    threads);
            return encoder;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model " + model.id(), e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the model " + model.id() + ": " + e.getMessage(), e);
        } finally {
            // Nothing of the tokenizer's thread outlives the load, and a failed load keeps no tokenizer.
            tokenizer.run();
            joinQuietly(tokenizerLoad);
            if (encoder == null) {
                closeUnused(tokenizer);
            }
        }
    }

    /** The tokenizer {@code load} made, once it is made. */
    private static HuggingFaceTokenizer joined(FutureTask<HuggingFaceTokenizer> load, OnnxModel model)
            throws IOException {
        try {
            return load.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the tokenizer of " + model.id() + " loaded", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("cannot load the tokenizer of " + model.id(), e.getCause());
        }
    }

    /** Closes the tokenizer {@code load} made, if it made one (it is done). */
    private static void closeUnused(FutureTask<HuggingFaceTokenizer> load) {
        try {
            load.get().close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | RuntimeException e) {
            // it made none, or closing it failed: nothing more to free
        }
    }

    private static void joinQuietly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static InputStream resource(ClassLoader loader, String name) throws IOException {
        InputStream in = loader.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("no resource " + name + " on the class path");
        }
        return in;
    }

    /** How many times the model has run (one per batch of pieces). */
    long runs() {
        return runs.get();
    }

    /**
     * The normalised embeddings of {@code texts}, in order.
     *
     * @throws IllegalArgumentException when a text has no token (empty or only white space)
     */
    List<float[]> embed(List<String> texts) {
        List<Piece> pieces = new ArrayList<>();
        int[] pieceCounts = new int[texts.size()];
        for (int t = 0; t < texts.size(); t++) {
            List<String> tokens = tokenizer.tokenize(texts.get(t));
            List<List<String>> parts = partition(tokens);
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("cannot embed an empty or white-space-only text");
            }
            for (List<String> part : parts) {
                Encoding encoding = tokenizer.encode(toText(part), true, false);
                pieces.add(new Piece(part.size(), encoding));
            }
            pieceCounts[t] = parts.size();
        }
        runAll(pieces);
        List<float[]> vectors = new ArrayList<>(texts.size());
        int next = 0;
        for (int t = 0; t < texts.size(); t++) {
            List<Piece> own = pieces.subList(next, next + pieceCounts[t]);
            next += pieceCounts[t];
            vectors.add(normalize(weightedAverage(own)));
        }
        return vectors;
    }

    /**
     * Runs every piece alone, on as many lanes at once as there are pieces, up to {@link #lanes}: the caller's
     * thread takes pieces as the helpers do. Returns once every lane has stopped, so a failed piece never leaves a
     * helper inside the runtime; the first failure is then thrown.
     */
    private void runAll(List<Piece> pieces) {
        int used = Math.min(lanes, pieces.size());
        AtomicInteger next = new AtomicInteger();
        Runnable lane = () -> {
            for (int i = next.getAndIncrement(); i < pieces.size(); i = next.getAndIncrement()) {
                run(List.of(pieces.get(i)));
            }
        };
        List<Future<?>> others = new ArrayList<>();
        for (int l = 1; l < used; l++) {
            others.add(helpers.submit(lane));
        }
        RuntimeException failure = null;
        try {
            lane.run();
        } catch (RuntimeException e) {
            next.set(pieces.size());
            failure = e;
        }
        boolean interrupted = false;
        for (Future<?> other : others) {
            while (true) {
                try {
                    other.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof RuntimeException cause ? cause
                                : new IllegalStateException("running the model failed: " + e.getCause(), e.getCause());
                    }
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Runs the model once on {@code batch}, padded to its longest piece, and pools each piece's vector. */
    private void run(List<Piece> batch) {
        int length = 0;
        for (Piece piece : batch) {
            length = Math.max(length, piece.length());
        }
        long[] ids = new long[batch.size() * length];
        long[] mask = new long[ids.length];
        long[] types = new long[ids.length];
        for (int i = 0; i < batch.size(); i++) {
            Encoding encoding = batch.get(i).encoding();
            long[] own = encoding.getIds();
            System.arraycopy(own, 0, ids, i * length, own.length);
            System.arraycopy(encoding.getAttentionMask(), 0, mask, i * length, own.length);
            System.arraycopy(encoding.getTypeIds(), 0, types, i * length, own.length);
        }
        long[] shape = {batch.size(), length};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (typeIds) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(types), shape));
            }
            runs.incrementAndGet();
            try (OrtSession.Result result = session.run(inputs)) {
                OnnxTensor hidden = (OnnxTensor) result.get(0);
                long[] outShape = hidden.getInfo().getShape();
                int dimension = (int) outShape[2];
                FloatBuffer states = hidden.getFloatBuffer();
                for (int i = 0; i < batch.size(); i++) {
                    Piece piece = batch.get(i);
                    int tokens = meanPooling ? piece.length() : 1;
                    float[] pooled = new float[dimension];
                    int base = i * length * dimension;
                    for (int token = 0; token < tokens; token++) {
                        int row = base + token * dimension;
                        for (int d = 0; d < dimension; d++) {
                            pooled[d] += states.get(row + d);
                        }
                    }
                    for (int d = 0; d < dimension; d++) {
                        pooled[d] /= tokens;
                    }
                    piece.vector = pooled;
                }
            }
        } catch (OrtException e) {
            throw new IllegalStateException("running the model failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    /**
     * The tokens of a text without its two markers, cut into pieces of at most {@value #MAX_PIECE_TOKENS}, a cut
     * moved back before a word's continuation ({@code ##…}) when it would fall inside a word.
     */
    static List<List<String>> partition(List<String> tokens) {
        List<List<String>> parts = new ArrayList<>();
        int start = 1;
        while (start < tokens.size() - 1) {
            int end = start + MAX_PIECE_TOKENS;
            if (end >= tokens.size() - 1) {
                end = tokens.size() - 1;
            } else {
                while (end > start && tokens.get(end).startsWith("##")) {
                    end--;
                }
                if (end == start) {
                    end = start + MAX_PIECE_TOKENS;
                }
            }
            parts.add(tokens.subList(start, end));
            start = end;
        }
        return parts;
    }

    /** The text of {@code tokens}: rebuilt as the tokenizer reads it back to the same tokens, else joined. */
    private String toText(List<String> tokens) {
        String sentence = tokenizer.buildSentence(tokens);
        List<String> again = tokenizer.tokenize(sentence);
        if (again.size() >= 2 && again.subList(1, again.size() - 1).equals(tokens)) {
            return sentence;
        }
        return String.join("", tokens);
    }

    private static float[] weightedAverage(List<Piece> pieces) {
        if (pieces.size() == 1) {
            return pieces.get(0).vector;
        }
        int dimension = pieces.get(0).vector.length;
        float[] sum = new float[dimension];
        int total = 0;
        for (Piece piece : pieces) {
            for (int d = 0; d < dimension; d++) {
                sum[d] += piece.vector[d] * piece.tokens();
            }
            total += piece.tokens();
        }
        for (int d = 0; d < dimension; d++) {
            sum[d] /= total;
        }
        return sum;
    }

    private static float[] normalize(float[] vector) {
        double squares = 0;
        for (float value : vector) {
            squares += value * value;
        }
        float norm = (float) Math.sqrt(squares);
        float[] unit = new float[vector.length];
        for (int d = 0; d < vector.length; d++) {
            unit[d] = vector[d] / norm;
        }
        return unit;
    }

    @Override
    public void close() {
        if (helpers != null) {
            helpers.shutdown();
        }
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("closing the model failed: " + e.getMessage(), e);
        } finally {
            tokenizer.close();
        }
    }

    /** One piece of a text: how many of its tokens, their encoding, and its pooled vector once run. */
    private static final class Piece {
        private final int tokens;
        private final Encoding encoding;
        private float[] vector;

        Piece(int tokens, Encoding encoding) {
            this.tokens = tokens;
            this.encoding = encoding;
        }

        int length() {
            return encoding.getIds().length;
        }

        int tokens() {
            return tokens;
        }

        Encoding encoding() {
            return encoding;
        }
    }
}
