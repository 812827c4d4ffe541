package dev.colony.search.lucene;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;

/**
 * The distinct terms of a query with the idf BM25 weighs each by ({@code ln(1 + (N − n + 0.5) / (n + 0.5))}),
 * under one searcher's statistics, looked up once per search: the keyword leg's {@linkplain #ceiling ceiling}
 * and the fused candidates' {@linkplain FusionFeatures idf coverage} both read them. A term no document holds
 * counts as if one did (as rare as can be).
 */
final class QueryTerms {

    /** No terms: a search without a keyword leg. */
    static final QueryTerms NONE = new QueryTerms(List.of(), new double[0]);

    private final List<Term> terms;
    private final double[] idf;
    private final double ceiling;

    private QueryTerms(List<Term> terms, double[] idf) {
        this.terms = terms;
        this.idf = idf;
        double sum = 0;
        for (double weight : idf) {
            sum += weight;
        }
        this.ceiling = sum;
    }

    /** The terms of {@code text} with their idf under {@code searcher}'s statistics. */
    static QueryTerms of(IndexSearcher searcher, Query text) throws IOException {
        Set<Term> distinct = new LinkedHashSet<>();
        text.visit(QueryVisitor.termCollector(distinct));
        List<Term> terms = new ArrayList<>(distinct);
        double[] idf = new double[terms.size()];
        for (int i = 0; i < idf.length; i++) {
            Term term = terms.get(i);
            CollectionStatistics collection = searcher.collectionStatistics(term.field());
            long documents = collection == null ? 1 : collection.docCount();
            long holding = Math.max(1, Math.min(ScopedSearcher.documentsHolding(searcher, term), documents));
            idf[i] = Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
        }
        return new QueryTerms(List.copyOf(terms), idf);
    }

    /** How many terms. */
    int size() {
        return terms.size();
    }

    /** The {@code i}th term. */
    Term term(int i) {
        return terms.get(i);
    }

    /** The idf of the {@code i}th term. */
    double idf(int i) {
        return idf[i];
    }

    /**
     * The most BM25 can give a document for these terms: the sum of their idf, which a memory approaches
     * only by holding every term. At least a tiny positive number.
     */
    double ceiling() {
        return Math.max(ceiling, Float.MIN_NORMAL);
    }
}
