package dev.colony.search.lucene;

import java.io.IOException;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.BulkScorer;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.util.Bits;

/**
 * A searcher that sees only one caller's {@link NamespaceScope}: it scores with statistics over
 * readable documents only and collects readable documents only.
 *
 * <p>The namespace restriction is applied per segment instead of as a query clause: a segment the
 * caller may read whole is searched as it is, one it may not read is skipped, and only a mixed one
 * checks a bit set of readable documents together with the deleted documents. The query itself stays
 * a plain disjunction of terms, which keeps Lucene's fastest top-k scoring path.
 *
 * <p>It ranks by BM25 with {@link #K1} and {@link #B} rather than Lucene's defaults (1.2 and 0.75), which
 * were fitted to documents of hundreds of words. A memory is one or a few sentences, and the one that
 * answers a question is usually the longer one: it tells what happened, where a short one reacts to it
 * ("That charity race sounds great!"). Full length normalisation ranked such reactions first. Measured
 * against the defaults with the default model ({@code ConversationBenchmark}, {@code HybridQualityTest}),
 * together with the keyword leg's share in fusion ({@link RankFusion#KEYWORD_SHARE}, then weighed 0.5 always):
 * <ul>
 *   <li>LoCoMo, keyword search alone: turn hit@5 0.670 against 0.646, session hit@1 0.704 against 0.682,
 *       MRR 0.492 against 0.461 (b = 0.1 0.668, 0.699; b = 0.5 0.655, 0.694; k1 = 1.8 0.659, 0.702);</li>
 *   <li>hybrid search: LoCoMo 0.612 and 0.638 against 0.517 and 0.553; the agent memories' recall@5
 *       0.901 against 0.892; the dialogs' turn hit@5 0.894, unchanged, and the answer's session first
 *       0.833 against 0.789.</li>
 * </ul>
 */
final class ScopedSearcher extends IndexSearcher {

    /** BM25's term-frequency saturation: lower than the usual 1.2, since a memory repeats a word seldom. */
    static final float K1 = 0.8f;
    /** BM25's length normalisation: 0 ignores a memory's length, 1 divides it out fully. */
    static final float B = 0.3f;
    private static final BM25Similarity RANKING = new BM25Similarity(K1, B);

    private final NamespaceScope scope;
    /** How many readable documents hold each term looked up so far, shared by the searches of one snapshot. */
    private final Map<Term, Long> holding;

    ScopedSearcher(IndexReader reader, NamespaceScope scope) {
        this(reader, scope, null);
    }

    /**
     * A searcher that remembers {@linkplain #documentsHolding how many documents hold a term} in {@code holding}
     * ({@code null}: it does not), a map that must belong to this reader and scope alone.
     */
    ScopedSearcher(IndexReader reader, NamespaceScope scope, Map<Term, Long> holding) {
        super(reader);
        this.scope = scope;
        this.holding = holding;
        setSimilarity(RANKING);
    }

    /**
     * How many documents hold {@code term} as {@code searcher}'s statistics count them (for a scoped
     * searcher, the readable ones); 0 when none does. A scoped searcher with a shared count looks each term up
     * once, however many steps of a search (and the query's {@linkplain CommonWords embedding text}) ask.
     */
    static long documentsHolding(IndexSearcher searcher, Term term) throws IOException {
        if (searcher instanceof ScopedSearcher scoped && scoped.holding != null) {
            Long known = scoped.holding.get(term);
            if (known == null) {
                known = countHolding(searcher, term);
                scoped.holding.put(term, known);
            }
            return known;
        }
        return countHolding(searcher, term);
    }

    private static long countHolding(IndexSearcher searcher, Term term) throws IOException {
        TermStates states = TermStates.build(searcher, term, true);
        if (states.docFreq() == 0) {
            return 0;
        }
        TermStatistics statistics = searcher.termStatistics(term, states.docFreq(), states.totalTermFreq());
        return statistics == null ? 0 : statistics.docFreq();
    }

    @Override
    public CollectionStatistics collectionStatistics(String field) throws IOException {
        return scope.collectionStatistics(field);
    }

    @Override
    public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
        return scope.termStatistics(term, docFreq, totalTermFreq);
    }

    @Override
    protected void searchLeaf(LeafReaderContext leaf, Weight weight, Collector collector) throws IOException {
        NamespaceScope.Coverage coverage = scope.coverage(leaf);
        if (coverage == NamespaceScope.Coverage.NONE) {
            return;
        }
        LeafCollector leafCollector;
        try {
            leafCollector = collector.getLeafCollector(leaf);
        } catch (CollectionTerminatedException done) {
            return;
        }
        BulkScorer scorer = weight.bulkScorer(leaf);
        if (scorer != null) {
            Bits live = leaf.reader().getLiveDocs();
            Bits accepted = coverage == NamespaceScope.Coverage.ALL ? live : both(live, scope.readable(leaf));
            try {
                scorer.score(leafCollector, accepted, 0, DocIdSetIterator.NO_MORE_DOCS);
            } catch (CollectionTerminatedException done) {
                // The collector has what it needs from this segment.
            }
        }
        leafCollector.finish();
    }

    private static Bits both(Bits live, Bits readable) {
        if (live == null) {
            return readable;
        }
        return new Bits() {
            @Override
            public boolean get(int index) {
                return readable.get(index) && live.get(index);
            }

            @Override
            public int length() {
                return readable.length();
            }
        };
    }
}
