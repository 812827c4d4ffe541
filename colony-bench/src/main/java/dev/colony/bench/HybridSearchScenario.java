package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
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
 * {@code search.hybrid}: Colony's hybrid search (the query embedded in-process, the vector leg over the
 * HNSW graph and the keyword leg, fused) on a store of {@code size} memories that all carry a vector of
 * the default model, against Colony's keyword-only search of the same queries on the same index. The
 * corpus's vectors take minutes to compute, so they are cached under {@value #CACHE} (by model, seed and
 * size) and reused by later runs; building the index (HNSW graph included) is reported as a note.
 */
final class HybridSearchScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 15.0;
    /** Where embedded corpora are kept between runs, relative to the working directory. */
    static final String CACHE = "colony-bench/target/embedded-corpus";
    private static final int QUERIES = 500;
    /** Warm-up: at least this many passes over the queries, ... */
    private static final int WARM_UP_PASSES = 2;
    /**
     * ... and at least this long (system property {@code warmup.seconds}): after a rebuild the index
     * merges its segments, rebuilding their graphs, in the background for a minute or two, which on a
     * small machine competes with the searches. Measured here: p95 about 26 ms during those merges,
     * about 7 ms once they are done.
     */
    private static final long WARM_UP_MIN_NANOS = Long.getLong("warmup.seconds", 150) * 1_000_000_000L;
    private static final int BATCH = 256;

    @Override
    public String name() {
        return "search.hybrid";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException {
        Path natives = options.workDir().resolve("native");
        OnnxEmbedder embedder = OnnxEmbedder.of(OnnxEmbedder.DEFAULT_MODEL, natives);
        Corpus corpus = new Corpus(options.seed(), 20_000);
        List<String> texts = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            texts.add(corpus.sentence(8, 16));
        }
        long embedStart = System.nanoTime();
        float[][] vectors = vectors(embedder, texts, options.seed());
        double embedSeconds = (System.nanoTime() - embedStart) / 1e9;
        Path db = options.workDir().resolve("colony.db");
        Actor actor = fill(db, texts, vectors, embedder.modelId());
        List<String> queries = new ArrayList<>(QUERIES);
        for (int i = 0; i < QUERIES; i++) {
            queries.add(corpus.sentence(2, 5));
        }
        Latencies hybrid = new Latencies(QUERIES * options.rounds());
        Latencies keyword = new Latencies(QUERIES * options.rounds());
        long buildStart = System.nanoTime();
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore()).embedder(embedder).build()) {
            MemoryStore memory = colony.as(actor).memories();
            memory.search(SearchQuery.of("warm up"));
            double buildSeconds = (System.nanoTime() - buildStart) / 1e9;
            long warmUpStart = System.nanoTime();
            int passes = 0;
            while (passes < WARM_UP_PASSES || System.nanoTime() - warmUpStart < WARM_UP_MIN_NANOS) {
                run(memory, queries, SearchMode.HYBRID, null);
                run(memory, queries, SearchMode.KEYWORD, null);
                passes++;
            }
            double warmUpSeconds = (System.nanoTime() - warmUpStart) / 1e9;
            long hybridHits = 0;
            long keywordHits = 0;
            for (int round = 0; round < options.rounds(); round++) {
                hybridHits += run(memory, queries, SearchMode.HYBRID, hybrid);
                keywordHits += run(memory, queries, SearchMode.KEYWORD, keyword);
            }
            double p95 = hybrid.percentileMillis(95);
            return new Result(name(), size, hybrid, keyword, "p95 of hybrid search / p95 of keyword search", p95
                    / keyword.percentileMillis(95), String.format(Locale.ROOT, "p95 <= %.0f ms", TARGET_P95_MILLIS),
                    p95 <= TARGET_P95_MILLIS, String.format(Locale.ROOT, "%d memories with %s vectors (embedded or "
                            + "read from the cache in %.1f s), SQLite, index build with the HNSW graph %.1f s; "
                            + "queries of 2 to 5 corpus words, limit 10, the query's embedding included; warm-up %d "
                            + "passes (%.0f s); mean hits hybrid %.1f, keyword %.1f", size, embedder.modelId(),
                            embedSeconds, buildSeconds, passes, warmUpSeconds, hybridHits / (double) hybrid.count(),
                            keywordHits / (double) keyword.count()));
        }
    }

    /** Runs the queries ranked by {@code mode}; returns the hits, so both sides can be seen to find things. */
    private static long run(MemoryStore memory, List<String> queries, SearchMode mode, Latencies into) {
        long[] hits = {0};
        AddLoops.timed(queries, into, query -> hits[0] += memory.search(SearchQuery.of(query).withMode(mode)).size());
        return hits[0];
    }

    /** The texts' vectors: read from the cache when an earlier run left them there, else embedded and cached. */
    private static float[][] vectors(OnnxEmbedder embedder, List<String> texts, long seed) throws IOException {
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
                    System.err.printf(Locale.ROOT, "search.hybrid: embedded %d of %d memories%n", from + batch.size(),
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
