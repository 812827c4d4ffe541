package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A SQLite store of corpus memories that all carry a vector of the default model, for the scenarios that
 * search by meaning at scale. The vectors take minutes to compute, so they are cached under
 * {@value #CACHE} (by model, seed and size) and reused by later runs.
 *
 * @param db the store's file, in the scenario's work directory
 * @param actor the session that wrote the memories (and may read them)
 * @param embedder the default model, with its native libraries in the work directory
 * @param queries corpus queries of two to five words
 * @param embedSeconds how long the vectors took (computed, or read from the cache)
 */
record EmbeddedCorpus(Path db, Actor actor, OnnxEmbedder embedder, List<String> queries, double embedSeconds) {

    /** Where embedded corpora are kept between runs, relative to the working directory. */
    static final String CACHE = "colony-bench/target/embedded-corpus";
    private static final int BATCH = 256;

    /** Writes {@code size} memories with their vectors to {@code colony.db} in the work directory. */
    static EmbeddedCorpus prepare(String scenario, int size, int queryCount, BenchOptions options)
            throws IOException {
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, options.workDir().resolve("native"));
        Corpus corpus = new Corpus(options.seed(), 20_000);
        List<String> texts = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            texts.add(corpus.sentence(8, 16));
        }
        long embedStart = System.nanoTime();
        float[][] vectors = vectors(scenario, embedder, texts, options.seed());
        double embedSeconds = (System.nanoTime() - embedStart) / 1e9;
        Path db = options.workDir().resolve("colony.db");
        Actor actor = fill(db, texts, vectors, embedder.modelId());
        List<String> queries = new ArrayList<>(queryCount);
        for (int i = 0; i < queryCount; i++) {
            queries.add(corpus.sentence(2, 5));
        }
        return new EmbeddedCorpus(db, actor, embedder, queries, embedSeconds);
    }

    /** The texts' vectors: read from the cache when an earlier run left them there, else embedded and cached. */
    private static float[][] vectors(String scenario, OnnxEmbedder embedder, List<String> texts, long seed)
            throws IOException {
        Path cache = Path.of(CACHE, embedder.model().id() + "-" + seed + "-" + texts.size() + ".f32");
        int dimension = embedder.dimension();
        float[][] vectors = new float[texts.size()][];
        if (Files.isRegularFile(cache) && Files.size(cache) == (long) texts.size() * dimension * Float.BYTES) {
            try (InputStream in = Files.newInputStream(cache)) {
                byte[] row = new byte[dimension * Float.BYTES];
                for (int i = 0; i < vectors.length; i++) {
                    if (in.readNBytes(row, 0, row.length) != row.length) {
                        throw new IOException("the cached corpus " + cache + " ends early");
                    }
                    vectors[i] = new float[dimension];
                    ByteBuffer.wrap(row).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vectors[i]);
                }
            }
            return vectors;
        }
        Files.createDirectories(cache.getParent());
        Path partial = Files.createTempFile(cache.getParent(), cache.getFileName().toString(), ".part");
        try (OutputStream out = Files.newOutputStream(partial)) {
            ByteBuffer row = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int from = 0; from < texts.size(); from += BATCH) {
                List<float[]> batch = embedder.embed(texts.subList(from, Math.min(texts.size(), from + BATCH)));
                for (int i = 0; i < batch.size(); i++) {
                    vectors[from + i] = batch.get(i);
                    row.clear();
                    row.asFloatBuffer().put(batch.get(i));
                    out.write(row.array());
                }
                if (from / BATCH % 40 == 0) {
                    System.err.printf(Locale.ROOT, "%s: embedded %d of %d memories%n", scenario, from + batch.size(),
                            texts.size());
                }
            }
        }
        Files.move(partial, cache, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return vectors;
    }

    /** Writes the memories with their vectors through the storage SPI; returns the writing actor. */
    private static Actor fill(Path db, List<String> texts, float[][] vectors, String model) {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            StorageProvider storage = colony.storage();
            NamespaceId namespace = storage.write(tx -> tx.namespaces().personal(actor.user(), Instant.now()).id());
            for (int written = 0; written < texts.size(); written += 1_000) {
                int from = written;
                int count = Math.min(1_000, texts.size() - written);
                storage.write(tx -> {
                    for (int n = from; n < from + count; n++) {
                        tx.memories().insert(new NewMemory(namespace, actor.session(), MemoryKind.FACT, texts.get(n),
                                List.of(), List.of(), null, null, null, null,
                                Instant.ofEpochMilli(1_700_000_000_000L + n), null, Map.of(),
                                new StoredVector(model, vectors[n])));
                    }
                    return null;
                });
            }
            return actor;
        }
    }
}
