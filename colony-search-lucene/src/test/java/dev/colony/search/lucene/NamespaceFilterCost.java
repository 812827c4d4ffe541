package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * A measurement, not a test: what restricting a search to the caller's namespaces costs at the
 * Lucene level, on an in-memory index of synthetic memories, for a plain term disjunction, the same
 * disjunction with a namespace set query as a FILTER clause (how the index restricted searches
 * before), and the disjunction on a {@link ScopedSearcher}. Run with the module's test class path:
 *
 * <pre>java -cp target/test-classes:target/classes:&lt;dependencies&gt; dev.colony.search.lucene.NamespaceFilterCost [docs]</pre>
 *
 * <p>It measures a store of one namespace (every segment fully readable) and one of two interleaved
 * namespaces of which the caller reads one (every segment partly readable).
 */
final class NamespaceFilterCost {

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ren", "tas", "vo", "qui", "zen", "dor", "pha", "lum", "bri", "cet", "nor", "sul",
        "gra", "tev", "wix", "yop", "hal"};
    private static final int QUERIES = 2_000;
    private static final int ROUNDS = 4;

    private final Random random = new Random(42);
    private final List<String> vocabulary = new ArrayList<>();

    private NamespaceFilterCost() {
        while (vocabulary.size() < 20_000) {
            StringBuilder word = new StringBuilder();
            int syllables = 2 + random.nextInt(2);
            for (int i = 0; i < syllables; i++) {
                word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            vocabulary.add(word.toString());
        }
    }

    public static void main(String[] args) throws IOException {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        NamespaceFilterCost cost = new NamespaceFilterCost();
        cost.measure(docs, 1);
        cost.measure(docs, 2);
    }

    private String word() {
        double u = random.nextDouble();
        return vocabulary.get(Math.min((int) (vocabulary.size() * u * u * u), vocabulary.size() - 1));
    }

    private void measure(int docs, int namespaces) throws IOException {
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new MemoryAnalyzer()))) {
            for (int id = 1; id <= docs; id++) {
                StringBuilder text = new StringBuilder();
                int words = 10 + random.nextInt(31);
                for (int i = 0; i < words; i++) {
                    text.append(word()).append(' ');
                }
                Memory memory = new Memory(MemoryId.of(id), NamespaceId.of(1 + id % namespaces), SessionId.of("s"),
                        MemoryKind.FACT, text.toString(), List.of(), List.of(), null, null, null, null, Instant.EPOCH,
                        Instant.EPOCH, null, false, Map.of(), id);
                writer.addDocument(IndexLayout.document(new MemoryDocument(memory, null, id)));
            }
        }
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
            QueryPlanner planner = new QueryPlanner(new MemoryAnalyzer(), LuceneSearch.RESULT_DEMOTION);
            List<Query> queries = new ArrayList<>();
            for (int i = 0; i < QUERIES; i++) {
                BooleanQuery.Builder query = new BooleanQuery.Builder();
                for (String term : planner.terms(word() + " " + word())) {
                    query.add(new TermQuery(new Term(IndexLayout.TEXT, term)), BooleanClause.Occur.SHOULD);
                }
                queries.add(query.build());
            }
            Set<NamespaceId> readable = Set.of(NamespaceId.of(1));
            IndexSearcher plain = new IndexSearcher(reader);
            String[] modes = {"plain disjunction", "namespace set FILTER clause", "scoped searcher"};
            long[][] latencies = new long[modes.length][];
            for (int round = 0; round < ROUNDS; round++) {
                for (int mode = 0; mode < modes.length; mode++) {
                    long[] nanos = new long[queries.size()];
                    for (int i = 0; i < queries.size(); i++) {
                        long start = System.nanoTime();
                        Query query = queries.get(i);
                        IndexSearcher searcher = plain;
                        if (mode == 1) {
                            query = new BooleanQuery.Builder().add(query, BooleanClause.Occur.MUST)
                                    .add(LongField.newSetQuery(IndexLayout.NAMESPACE, 1L), BooleanClause.Occur.FILTER)
                                    .build();
                        } else if (mode == 2) {
                            searcher = new ScopedSearcher(reader, NamespaceScope.of(reader, readable));
                        }
                        searcher.search(query, new TopScoreDocCollectorManager(10, null, 10));
                        nanos[i] = System.nanoTime() - start;
                    }
                    Arrays.sort(nanos);
                    latencies[mode] = nanos;
                }
            }
            for (int mode = 0; mode < modes.length; mode++) {
                long[] nanos = latencies[mode];
                System.out.printf(Locale.ROOT, "%,d docs, %d namespace(s), %d segments, %-28s p50 %.3f ms  p95 %.3f ms%n",
                        docs, namespaces, reader.leaves().size(), modes[mode], nanos[nanos.length / 2] / 1e6,
                        nanos[(int) (nanos.length * 0.95)] / 1e6);
            }
        }
    }
}
