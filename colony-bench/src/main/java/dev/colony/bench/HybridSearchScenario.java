package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.embedding.onnx.OnnxEmbedder;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * {@code search.hybrid}: Colony's hybrid search (the query embedded in-process, the vector leg over the
 * HNSW graph and the keyword leg, fused) on a store of {@code size} memories that all carry a vector of
 * the default model, against Colony's keyword-only search of the same queries on the same index. The
 * corpus's vectors take minutes to compute, so they are cached ({@link EmbeddedCorpus}) and reused by
 * later runs; building the index (HNSW graph included) is reported as a note.
 */
final class HybridSearchScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 15.0;
    private static final int QUERIES = 500;
    /** Warm-up: at least this many passes over the queries, ... */
    private static final int WARM_UP_PASSES = 2;
    /**
     * ... and at least this long (system property {@code warmup.seconds}), ...
     */
    private static final long WARM_UP_MIN_NANOS = Long.getLong("warmup.seconds", 150) * 1_000_000_000L;
    /**
     * ... and until the index has committed its build merged into one segment, but no longer than this: after a
     * build the index merges its segments in the background, rebuilding their graphs, for two minutes or more,
     * which on a small machine competes with the searches (p95 about 26 ms during those merges).
     */
    private static final long WARM_UP_MAX_NANOS = Long.getLong("warmup.max.seconds", 900) * 1_000_000_000L;

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
        EmbeddedCorpus store = EmbeddedCorpus.prepare(name(), size, QUERIES, options);
        OnnxEmbedder embedder = store.embedder();
        Path db = store.db();
        Actor actor = store.actor();
        List<String> queries = store.queries();
        double embedSeconds = store.embedSeconds();
        Latencies hybrid = new Latencies(QUERIES * options.rounds());
        Latencies keyword = new Latencies(QUERIES * options.rounds());
        long buildStart = System.nanoTime();
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore()).embedder(embedder).build()) {
            MemoryStore memory = colony.as(actor).memories();
            memory.search(SearchQuery.of("warm up"));
            double buildSeconds = (System.nanoTime() - buildStart) / 1e9;
            long warmUpStart = System.nanoTime();
            Path index = LuceneSearch.indexDirectoryBeside(db);
            int passes = warmUp(memory, queries, index);
            double warmUpSeconds = (System.nanoTime() - warmUpStart) / 1e9;
            int segments = committedSegments(index);
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
                            + "passes (%.0f s), then %d committed segment(s); mean hits hybrid %.1f, keyword %.1f", size,
                            embedder.modelId(), embedSeconds, buildSeconds, passes, warmUpSeconds, segments,
                            hybridHits / (double) hybrid.count(),
                            keywordHits / (double) keyword.count()));
        }
    }

    /**
     * Searches {@code queries} by both modes, unmeasured, until the index in {@code indexDirectory} has settled
     * after its build (at least {@value #WARM_UP_PASSES} passes and {@code warmup.seconds}, and its last commit
     * one segment, or {@code warmup.max.seconds}); returns the passes made.
     */
    static int warmUp(MemoryStore memory, List<String> queries, Path indexDirectory) throws IOException {
        long start = System.nanoTime();
        int passes = 0;
        while (passes < WARM_UP_PASSES || System.nanoTime() - start < WARM_UP_MIN_NANOS
                || committedSegments(indexDirectory) > 1 && System.nanoTime() - start < WARM_UP_MAX_NANOS) {
            run(memory, queries, SearchMode.HYBRID, null);
            run(memory, queries, SearchMode.KEYWORD, null);
            passes++;
        }
        return passes;
    }

    /** How many segments the last commit of the index in {@code directory} has. */
    static int committedSegments(Path directory) throws IOException {
        try (Directory index = FSDirectory.open(directory)) {
            return SegmentInfos.readLatestCommit(index).size();
        }
    }

    /** Runs the queries ranked by {@code mode}; returns the hits, so both sides can be seen to find things. */
    private static long run(MemoryStore memory, List<String> queries, SearchMode mode, Latencies into) {
        long[] hits = {0};
        AddLoops.timed(queries, into, query -> hits[0] += memory.search(SearchQuery.of(query).withMode(mode)).size());
        return hits[0];
    }
}
