package dev.colony.bench;

import dev.colony.api.Actor;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;

/**
 * {@code search.keyword}: Colony's search (catch-up check against the store, namespace filter, BM25,
 * snippets) against a raw Lucene top-10 BM25 query (loading the stored fields of the hits) of the same terms on the same index directory,
 * after both have warmed up (several passes over every query, at least ten seconds), reporting each
 * round's p95 so the spread between rounds shows. The raw side analyses the query with Lucene's English
 * analyzer, which turns the corpus words into the same stemmed terms as Colony's analyzer (and does that
 * work per query too).
 *
 * <p>The store is filled through the storage SPI in large transactions (setup is not measured), then
 * the Colony is opened, which builds the index from the store; that build time is reported as a note.
 */
final class KeywordSearchScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 5.0;
    private static final int QUERIES = 2_000;
    /** Warm-up: at least this many passes over all queries on each side, ... */
    private static final int WARM_UP_MIN_PASSES = 3;
    /** ... and at least this long, so the JIT and the page cache settle before measuring. */
    private static final long WARM_UP_MIN_NANOS = 10_000_000_000L;
    private static final int BATCH = 1_000;

    @Override
    public String name() {
        return "search.keyword";
    }

    @Override
    public int defaultSize() {
        return 100_000;
    }

    @Override
    public Result run(int size, BenchOptions options) throws IOException {
        Path db = options.workDir().resolve("colony.db");
        Corpus corpus = new Corpus(options.seed(), 20_000);
        Actor actor = fill(db, size, corpus);
        List<String> queries = new ArrayList<>(QUERIES);
        for (int i = 0; i < QUERIES; i++) {
            queries.add(corpus.word() + " " + corpus.word());
        }
        Latencies colonySide = new Latencies(QUERIES * options.rounds());
        Latencies rawSide = new Latencies(QUERIES * options.rounds());
        long buildStart = System.nanoTime();
        try (Colony colony = Colony.builder()
                .storage(SqliteStorageProvider.open(db))
                .search(LuceneSearch.besideStore())
                .build()) {
            MemoryStore memory = colony.as(actor).memories();
            memory.search(SearchQuery.of("warm up"));
            double buildSeconds = (System.nanoTime() - buildStart) / 1e9;
            try (FSDirectory directory = FSDirectory.open(db.resolveSibling("colony.index"));
                    DirectoryReader reader = DirectoryReader.open(directory);
                    Analyzer analyzer = new EnglishAnalyzer()) {
                IndexSearcher searcher = new IndexSearcher(reader);
                long warmUpStart = System.nanoTime();
                int warmUpPasses = 0;
                while (warmUpPasses < WARM_UP_MIN_PASSES || System.nanoTime() - warmUpStart < WARM_UP_MIN_NANOS) {
                    runColony(memory, queries, null);
                    runRaw(searcher, analyzer, queries, null);
                    warmUpPasses++;
                }
                double warmUpSeconds = (System.nanoTime() - warmUpStart) / 1e9;
                long colonyHits = 0;
                long rawHits = 0;
                List<String> colonyRoundP95 = new ArrayList<>();
                List<String> rawRoundP95 = new ArrayList<>();
                for (int round = 0; round < options.rounds(); round++) {
                    Latencies colonyRound = new Latencies(QUERIES);
                    Latencies rawRound = new Latencies(QUERIES);
                    colonyHits += runColony(memory, queries, colonyRound);
                    rawHits += runRaw(searcher, analyzer, queries, rawRound);
                    colonySide.addAll(colonyRound);
                    rawSide.addAll(rawRound);
                    colonyRoundP95.add(String.format(Locale.ROOT, "%.3f", colonyRound.percentileMillis(95)));
                    rawRoundP95.add(String.format(Locale.ROOT, "%.3f", rawRound.percentileMillis(95)));
                }
                double ratio = colonySide.opsPerSecond() / rawSide.opsPerSecond();
                boolean met = colonySide.percentileMillis(95) <= TARGET_P95_MILLIS;
                return new Result(name(), size, colonySide, rawSide,
                        "ops/s of Colony search / ops/s of raw Lucene top-10", ratio,
                        String.format(Locale.ROOT, "p95 <= %.1f ms", TARGET_P95_MILLIS), met,
                        String.format(Locale.ROOT, "%d docs in index (%d Lucene docs), index build %.1f s, "
                                + "two-word queries, limit 10, mean hits per query %.1f (raw %.1f); warm-up %d "
                                + "passes of %d queries per side (%.1f s); p95 per round ms: Colony %s, raw %s",
                                size, reader.numDocs(), buildSeconds, colonyHits / (double) colonySide.count(),
                                rawHits / (double) rawSide.count(), warmUpPasses, QUERIES, warmUpSeconds,
                                String.join("/", colonyRoundP95), String.join("/", rawRoundP95)));
            }
        }
    }

    /** Writes {@code size} memories through the storage SPI and returns the writing actor. */
    static Actor fill(Path db, int size, Corpus corpus) {
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("bench", "bench")).actor();
            StorageProvider storage = colony.storage();
            NamespaceId namespace = storage.write(tx -> tx.namespaces().personal(actor.user(), Instant.now()).id());
            MemoryKind[] kinds = {MemoryKind.FACT, MemoryKind.DECISION, MemoryKind.NOTE, MemoryKind.RESULT};
            for (int written = 0; written < size; written += BATCH) {
                int count = Math.min(BATCH, size - written);
                List<NewMemory> batch = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    int n = written + i;
                    batch.add(new NewMemory(namespace, actor.session(), kinds[n % kinds.length],
                            corpus.sentence(10, 40), List.of(corpus.word(), corpus.word()), List.of("bench"), null,
                            null, null, null, Instant.ofEpochMilli(1_700_000_000_000L + n), null, Map.of(), null));
                }
                storage.write(tx -> {
                    batch.forEach(tx.memories()::insert);
                    return null;
                });
            }
            return actor;
        }
    }

    /** Runs the queries; returns the number of hits, so both sides can be seen to find things. */
    private static long runColony(MemoryStore memory, List<String> queries, Latencies into) {
        long hits = 0;
        long start = System.nanoTime();
        for (String query : queries) {
            long t0 = System.nanoTime();
            hits += memory.search(SearchQuery.of(query)).size();
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
        return hits;
    }

    private static long runRaw(IndexSearcher searcher, Analyzer analyzer, List<String> queries, Latencies into)
            throws IOException {
        long hits = 0;
        long start = System.nanoTime();
        for (String query : queries) {
            long t0 = System.nanoTime();
            BooleanQuery.Builder builder = new BooleanQuery.Builder();
            try (TokenStream terms = analyzer.tokenStream("text", query)) {
                CharTermAttribute term = terms.addAttribute(CharTermAttribute.class);
                terms.reset();
                while (terms.incrementToken()) {
                    builder.add(new TermQuery(new Term("text", term.toString())), BooleanClause.Occur.SHOULD);
                }
                terms.end();
            }
            TopDocs top = searcher.search(builder.build(), 10);
            hits += top.scoreDocs.length;
            StoredFields stored = searcher.storedFields();
            for (ScoreDoc hit : top.scoreDocs) {
                stored.document(hit.doc);
            }
            if (into != null) {
                into.record(System.nanoTime() - t0);
            }
        }
        if (into != null) {
            into.addWall(System.nanoTime() - start);
        }
        return hits;
    }
}
