package dev.colony.search.lucene;

import java.io.IOException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BulkScorer;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;

/**
 * A searcher that sees only one caller's {@link NamespaceScope}: it scores with statistics over
 * readable documents only and collects readable documents only.
 *
 * <p>The namespace restriction is applied per segment instead of as a query clause: a segment the
 * caller may read whole is searched as it is, one it may not read is skipped, and only a mixed one
 * checks a bit set of readable documents together with the deleted documents. The query itself stays
 * a plain disjunction of terms, which keeps Lucene's fastest top-k scoring path.
 */
final class ScopedSearcher extends IndexSearcher {

    private final NamespaceScope scope;

    ScopedSearcher(IndexReader reader, NamespaceScope scope) {
        super(reader);
        this.scope = scope;
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
