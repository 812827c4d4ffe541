package dev.colony.search.lucene;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BulkScorer;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.FilterScorer;
import org.apache.lucene.search.FilterWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;

/**
 * Multiplies the score of documents that carry the {@link IndexLayout#DEMOTED} doc value by a factor
 * below 1, leaving the others alone.
 *
 * <p>Because the factor never raises a score, the wrapped query's maximum scores stay valid upper
 * bounds and minimum competitive scores can be passed through: dynamic pruning (block-max WAND /
 * MaxScore) keeps working, which a generic function-score wrapper would switch off.
 */
final class DemotedQuery extends Query {

    private final Query in;
    private final float factor;

    DemotedQuery(Query in, float factor) {
        if (!(factor > 0f && factor <= 1f)) {
            throw new IllegalArgumentException("factor must be in (0, 1], was " + factor);
        }
        this.in = Objects.requireNonNull(in, "in");
        this.factor = factor;
    }

    @Override
    public Query rewrite(IndexSearcher searcher) throws IOException {
        Query rewritten = in.rewrite(searcher);
        return rewritten == in ? super.rewrite(searcher) : new DemotedQuery(rewritten, factor);
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) throws IOException {
        Weight inner = in.createWeight(searcher, scoreMode, boost);
        if (!scoreMode.needsScores() || factor == 1f) {
            return inner;
        }
        return new FilterWeight(this, inner) {
            @Override
            public Scorer scorer(LeafReaderContext context) throws IOException {
                Scorer scorer = in.scorer(context);
                if (scorer == null) {
                    return null;
                }
                return new DemotingScorer(scorer, this, new Demotions(context, factor));
            }

            @Override
            public BulkScorer bulkScorer(LeafReaderContext context) throws IOException {
                BulkScorer bulk = in.bulkScorer(context);
                if (bulk == null) {
                    return null;
                }
                return new DemotingBulkScorer(bulk, new Demotions(context, factor));
            }

            @Override
            public Explanation explain(LeafReaderContext context, int doc) throws IOException {
                Explanation explanation = in.explain(context, doc);
                if (!explanation.isMatch() || !new Demotions(context, factor).demoted(doc)) {
                    return explanation;
                }
                return Explanation.match(explanation.getValue().floatValue() * factor,
                        "demoted by " + factor + ", product of:", explanation,
                        Explanation.match(factor, "demotion factor"));
            }
        };
    }

    @Override
    public void visit(QueryVisitor visitor) {
        in.visit(visitor.getSubVisitor(BooleanClause.Occur.MUST, this));
    }

    @Override
    public String toString(String field) {
        return "demoted(" + in.toString(field) + ", " + factor + ")";
    }

    @Override
    public boolean equals(Object other) {
        return sameClassAs(other)
                && in.equals(((DemotedQuery) other).in)
                && factor == ((DemotedQuery) other).factor;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * classHash() + in.hashCode()) + Float.hashCode(factor);
    }

    /** Per segment: which documents are demoted. Documents must be asked in increasing order. */
    private static final class Demotions {
        private final LeafReaderContext context;
        private final float factor;
        private NumericDocValues values;
        private int lastDoc = -1;
        private boolean lastDemoted;

        Demotions(LeafReaderContext context, float factor) throws IOException {
            this.context = context;
            this.factor = factor;
            this.values = context.reader().getNumericDocValues(IndexLayout.DEMOTED);
        }

        boolean demoted(int doc) throws IOException {
            if (values == null) {
                return false;
            }
            if (doc == lastDoc) {
                return lastDemoted;
            }
            if (doc < lastDoc) {
                values = context.reader().getNumericDocValues(IndexLayout.DEMOTED);
            }
            lastDoc = doc;
            lastDemoted = values.advanceExact(doc);
            return lastDemoted;
        }

        float apply(int doc, float score) throws IOException {
            return demoted(doc) ? score * factor : score;
        }
    }

    private static final class DemotingScorer extends FilterScorer {
        private final Demotions demotions;

        DemotingScorer(Scorer in, Weight weight, Demotions demotions) {
            super(in, weight);
            this.demotions = demotions;
        }

        @Override
        public float score() throws IOException {
            return demotions.apply(docID(), in.score());
        }

        @Override
        public float getMaxScore(int upTo) throws IOException {
            return in.getMaxScore(upTo);
        }

        @Override
        public int advanceShallow(int target) throws IOException {
            return in.advanceShallow(target);
        }

        @Override
        public void setMinCompetitiveScore(float minScore) throws IOException {
            in.setMinCompetitiveScore(minScore);
        }
    }

    private static final class DemotingBulkScorer extends BulkScorer {
        private final BulkScorer in;
        private final Demotions demotions;

        DemotingBulkScorer(BulkScorer in, Demotions demotions) {
            this.in = in;
            this.demotions = demotions;
        }

        @Override
        public int score(LeafCollector collector, Bits acceptDocs, int min, int max) throws IOException {
            return in.score(new DemotingCollector(collector, demotions), acceptDocs, min, max);
        }

        @Override
        public long cost() {
            return in.cost();
        }
    }

    private static final class DemotingCollector implements LeafCollector {
        private final LeafCollector in;
        private final Demotions demotions;
        private DemotingScorable scorable;

        DemotingCollector(LeafCollector in, Demotions demotions) {
            this.in = in;
            this.demotions = demotions;
        }

        @Override
        public void setScorer(Scorable scorer) throws IOException {
            scorable = new DemotingScorable(scorer, demotions);
            in.setScorer(scorable);
        }

        @Override
        public void collect(int doc) throws IOException {
            scorable.doc = doc;
            in.collect(doc);
        }

        @Override
        public DocIdSetIterator competitiveIterator() throws IOException {
            return in.competitiveIterator();
        }

        @Override
        public void finish() throws IOException {
            in.finish();
        }
    }

    private static final class DemotingScorable extends Scorable {
        private final Scorable in;
        private final Demotions demotions;
        private int doc = -1;

        DemotingScorable(Scorable in, Demotions demotions) {
            this.in = in;
            this.demotions = demotions;
        }

        @Override
        public float score() throws IOException {
            return demotions.apply(doc, in.score());
        }

        @Override
        public int docID() {
            return doc;
        }

        @Override
        public void setMinCompetitiveScore(float minScore) throws IOException {
            in.setMinCompetitiveScore(minScore);
        }
    }
}
