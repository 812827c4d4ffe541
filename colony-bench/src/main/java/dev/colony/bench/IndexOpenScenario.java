package dev.colony.bench;

import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchQuery;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code index.open}: a second process opening a store of {@code size} embedded memories whose index
 * another process holds open, from its launch until its first hybrid search answers (the JVM's start,
 * the store and index opened as a reader, the model loaded, the query embedded, both legs searched),
 * against the same process answering a keyword search without loading the model, alternating. The first
 * process is this one: it builds the index and searches until the index has settled
 * ({@link HybridSearchScenario#warmUp}), then keeps it open while the probes ({@link IndexOpenProbe}) run.
 */
final class IndexOpenScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 2_000;
    /** The bar's other arm: the hybrid open at most this many times the keyword open of the same run. */
    static final double TARGET_RATIO = 1.2;
    private static final int OPENS_PER_ROUND = 5;
    private static final int QUERIES = 100;

    @Override
    public String name() {
        return "index.open";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException, InterruptedException {
        EmbeddedCorpus store = EmbeddedCorpus.prepare(name(), size, QUERIES, options);
        Path natives = options.workDir().resolve("native");
        int opens = OPENS_PER_ROUND * options.rounds();
        Latencies hybrid = new Latencies(opens);
        Latencies keyword = new Latencies(opens);
        long buildStart = System.nanoTime();
        try (Colony first = Colony.builder().storage(SqliteStorageProvider.open(store.db()))
                .search(LuceneSearch.besideStore()).embedder(store.embedder()).build()) {
            MemoryStore memory = first.as(store.actor()).memories();
            memory.search(SearchQuery.of("warm up"));
            double buildSeconds = (System.nanoTime() - buildStart) / 1e9;
            HybridSearchScenario.warmUp(memory, store.queries(), LuceneSearch.indexDirectoryBeside(store.db()));
            open(store.db(), natives, "keyword", store.queries().get(0), null);
            open(store.db(), natives, "hybrid", store.queries().get(0), null);
            long hybridHits = 0;
            long keywordHits = 0;
            for (int i = 0; i < opens; i++) {
                String query = store.queries().get(1 + i % (QUERIES - 1));
                hybridHits += open(store.db(), natives, "hybrid", query, hybrid);
                keywordHits += open(store.db(), natives, "keyword", query, keyword);
            }
            double p95 = hybrid.percentileMillis(95);
            double ratio = p95 / keyword.percentileMillis(95);
            return new Result(name(), size, hybrid, keyword, "p95 of the launch to the first hybrid answer / p95 "
                    + "to the first keyword answer", ratio, String.format(Locale.ROOT, "p95 <= %.0f ms or ratio <= %.2f",
                    TARGET_P95_MILLIS, TARGET_RATIO), p95 <= TARGET_P95_MILLIS || ratio <= TARGET_RATIO,
                    String.format(Locale.ROOT,
                    "%d memories with %s vectors, SQLite; the index built by the first process in %.1f s and held "
                            + "open by it; %d launches each, alternating, a fresh JVM with default options; mean hits "
                            + "hybrid %.1f, keyword %.1f", size, store.embedder().modelId(), buildSeconds, opens,
                    hybridHits / (double) opens, keywordHits / (double) opens));
        }
    }

    /** Launches one probe and records the time until its answer is read; returns its hit count. */
    private static int open(Path db, Path natives, String mode, String query, Latencies into)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                IndexOpenProbe.class.getName(), db.toString(), natives.toString(), mode, query))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process process = builder.start();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String answer = out.readLine();
            long elapsed = System.nanoTime() - start;
            if (answer == null || !answer.startsWith("HITS ")) {
                throw new IllegalStateException("the index.open probe did not answer: " + answer);
            }
            if (into != null) {
                into.record(elapsed);
            }
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the index.open probe did not exit");
            }
            return Integer.parseInt(answer.substring("HITS ".length()).strip());
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
