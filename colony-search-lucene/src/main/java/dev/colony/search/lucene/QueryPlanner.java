package dev.colony.search.lucene;

import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.QueryVector;
import dev.colony.spi.search.SearchRequest;
import dev.colony.spi.storage.StoredVector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.index.Term;
import org.apache.lucene.sandbox.search.CombinedFieldQuery;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Builds Lucene queries from search requests without Lucene's query syntax.
 *
 * <p>The user's text is run through the index analyzer and every distinct term becomes an optional
 * (SHOULD) clause, so quotes, colons, slashes, brackets or a stray {@code AND} are plain text, and BM25
 * rewards memories that match more and rarer terms. Each term is looked for in a memory's own text and, at
 * {@value #CONTEXT_BOOST} of its weight, in its predecessor's ({@value IndexLayout#CONTEXT}): a reply such as
 * "yes, booked for June" is found by the words of the question it answers, below the question itself.
 * Measured with {@code HybridQualityTest}, {@code ConversationBenchmark} and the default model, against the
 * own text alone: on the dialogs hybrid turn hit@5 0.894 against 0.867, the answer's session first 0.789
 * against 0.783, MRR 0.689 against 0.659; on LoCoMo the keyword leg's turn hit@5 0.646 against 0.605 and
 * session hit@1 0.682 against 0.674; on the agent memories hybrid recall@5 0.892, unchanged.
 *
 * <p>That query only gathers candidates. They are ranked by the {@link Plan#rescoring() rescoring} query,
 * which scores both texts as one field (BM25F, Lucene's {@code CombinedFieldQuery}), the own text weighing
 * {@value #OWN_TEXT_WEIGHT} times as much: a term's frequency is counted over both texts together and
 * saturates once, where the first query adds two saturated scores. BM25F ranks better but cannot skip
 * non-competitive documents (as the only query, keyword search at 100,000 memories took 5.7 ms at p95
 * instead of 0.9 ms), so it scores only the first query's best {@link RankFusion#KEYWORD_DEPTH} candidates.
 * Measured with the default model, against the first query's ranking, with the keyword leg weighed 0.5
 * always and its share in fusion raised from 0.5 to 0.6 for the higher scores: LoCoMo keyword turn
 * hit@5 0.694 against 0.670 (session hit@1 0.703 against 0.704), hybrid 0.633 and 0.652 against 0.612 and
 * 0.638; agent memories hybrid recall@5 0.901, unchanged, MRR 0.839 against 0.823; dialogs hybrid MRR
 * 0.736 against 0.701, the answer's session first 0.839 against 0.833.
 *
 * <p>The request's restrictions become non-scoring FILTER clauses, its excluded kinds a MUST_NOT clause.
 * The readable namespaces are not a clause: the plan carries them, and {@link ScopedSearcher} applies them
 * segment by segment, together with statistics over those namespaces alone. Thread-safe.
 */
final class QueryPlanner {

    /**
     * What a term in a memory's predecessor's text ({@value IndexLayout#CONTEXT}) counts for, against the
     * same term in its own text: half, so that the memory holding the words ranks above the one after it.
     */
    static final float CONTEXT_BOOST = 0.5f;
    /**
     * What a term in a memory's own text counts for in the {@linkplain Plan#rescoring() rescoring} query,
     * against the same term in its predecessor's: twice, as {@link #CONTEXT_BOOST} has it in the first query.
     * (Three ranked LoCoMo a little higher and the dialogs a little lower.)
     */
    static final float OWN_TEXT_WEIGHT = 2f;
    /** At most this many distinct terms of a query are used; the rest are ignored. */
    static final int MAX_QUERY_TERMS = 64;

    private final Analyzer analyzer;
    private final float resultDemotion;

    QueryPlanner(Analyzer analyzer, float resultDemotion) {
        this.analyzer = analyzer;
        this.resultDemotion = resultDemotion;
    }

    /**
     * A planned query.
     *
     * @param text the terms in the memories' own text alone: what snippets highlight, and what the keyword
     *     leg's {@linkplain RankFusion#keywordCeiling ceiling} is taken from
     * @param full what the keyword leg gathers its candidates by: the terms in the memories' own text and in
     *     their predecessors', with all filters but the namespaces, and the demotion of {@code result} memories
     * @param rescoring what the keyword leg ranks its candidates by: the terms in both texts scored as one
     *     field, with the demotion of {@code result} memories (no filters: the candidates passed them)
     * @param namespaces the namespaces the caller may read, the only documents to search and to take
     *     statistics from
     * @param limit how many hits
     * @param mode how to rank
     * @param queryVector the query's embedding, for the vector leg, perhaps still being computed; {@code null}
     *     for a keyword search
     * @param filter every restriction, the namespaces included, as one non-scoring query: what the
     *     vector leg may return
     * @param minSimilarity the least cosine similarity to {@code vector} of a vector-leg hit
     */
    record Plan(Query text, Query full, Query rescoring, Set<NamespaceId> namespaces, int limit, SearchMode mode,
            QueryVector queryVector, Query filter, double minSimilarity) {

        /** The query's embedding, waiting for it when it is still being computed (a semantic plan only). */
        StoredVector vector() {
            return queryVector.get();
        }

        /** Whether the keyword leg runs: the mode asks for it and the text has terms. */
        boolean keyword() {
            return mode != SearchMode.VECTOR && text != null;
        }

        /** Whether the vector leg runs. */
        boolean semantic() {
            return mode != SearchMode.KEYWORD && queryVector != null;
        }
    }

    /**
     * The plan for a request at {@code now}, or empty when it cannot match anything (no terms, empty time
     * range). Memories whose expiry is at or before {@code now} are left out.
     */
    Optional<Plan> plan(SearchRequest request, Instant now) {
        List<String> terms = terms(request.text());
        boolean semantic = request.mode() != SearchMode.KEYWORD;
        if (terms.isEmpty() && !semantic) {
            return Optional.empty();
        }
        Query textQuery = null;
        Query scoredText = null;
        Query rescoring = null;
        if (!terms.isEmpty()) {
            BooleanQuery.Builder text = new BooleanQuery.Builder();
            BooleanQuery.Builder withContext = new BooleanQuery.Builder();
            BooleanQuery.Builder combined = new BooleanQuery.Builder();
            for (String term : terms) {
                TermQuery own = new TermQuery(new Term(IndexLayout.TEXT, term));
                text.add(own, BooleanClause.Occur.SHOULD);
                withContext.add(own, BooleanClause.Occur.SHOULD);
                withContext.add(new BoostQuery(new TermQuery(new Term(IndexLayout.CONTEXT, term)), CONTEXT_BOOST),
                        BooleanClause.Occur.SHOULD);
                combined.add(new CombinedFieldQuery.Builder().addField(IndexLayout.TEXT, OWN_TEXT_WEIGHT)
                        .addField(IndexLayout.CONTEXT).addTerm(new BytesRef(term)).build(), BooleanClause.Occur.SHOULD);
            }
            textQuery = text.build();
            scoredText = withContext.build();
            rescoring = new DemotedQuery(combined.build(), resultDemotion);
        }

        BooleanQuery.Builder restrictions = new BooleanQuery.Builder();
        restrictions.add(LongField.newRangeQuery(IndexLayout.EXPIRES, Long.MIN_VALUE, IndexLayout.epochNanos(now)),
                BooleanClause.Occur.MUST_NOT);
        if (!request.kinds().isEmpty()) {
            restrictions.add(kinds(request.kinds()), BooleanClause.Occur.FILTER);
        }
        if (!request.excludedKinds().isEmpty()) {
            restrictions.add(kinds(request.excludedKinds()), BooleanClause.Occur.MUST_NOT);
        }
        if (request.session() != null) {
            restrictions.add(KeywordField.newExactQuery(IndexLayout.SESSION, request.session().value()),
                    BooleanClause.Occur.FILTER);
        }
        if (request.task() != null) {
            restrictions.add(LongField.newExactQuery(IndexLayout.TASK, request.task().value()),
                    BooleanClause.Occur.FILTER);
        }
        if (request.since() != null || request.until() != null) {
            long from = request.since() == null ? Long.MIN_VALUE : IndexLayout.epochNanos(request.since());
            long to = Long.MAX_VALUE;
            if (request.until() != null) {
                long until = IndexLayout.epochNanos(request.until());
                if (until == Long.MIN_VALUE) {
                    return Optional.empty();
                }
                to = until - 1;
            }
            if (from > to) {
                return Optional.empty();
            }
            restrictions.add(LongField.newRangeQuery(IndexLayout.CREATED, from, to), BooleanClause.Occur.FILTER);
        }
        Query full = null;
        if (textQuery != null) {
            BooleanQuery.Builder scored = new BooleanQuery.Builder();
            scored.add(scoredText, BooleanClause.Occur.MUST);
            for (BooleanClause clause : restrictions.build().clauses()) {
                scored.add(clause);
            }
            full = new DemotedQuery(scored.build(), resultDemotion);
        }
        Query filter = null;
        if (semantic) {
            long[] namespaces = request.namespaces().stream().mapToLong(NamespaceId::value).sorted().toArray();
            // One namespace (a duplicate check's) is an exact query: cheaper per segment than a set of one.
            restrictions.add(namespaces.length == 1 ? LongField.newExactQuery(IndexLayout.NAMESPACE, namespaces[0])
                    : LongField.newSetQuery(IndexLayout.NAMESPACE, namespaces), BooleanClause.Occur.FILTER);
            filter = restrictions.build();
        }
        return Optional.of(new Plan(textQuery, full, rescoring, request.namespaces(), request.limit(), request.mode(),
                semantic ? request.queryVector() : null, filter, request.minSimilarity()));
    }

    /** The distinct terms of {@code text} after analysis, in order of appearance. */
    List<String> terms(String text) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream stream = analyzer.tokenStream(IndexLayout.TEXT, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken() && terms.size() < MAX_QUERY_TERMS) {
                terms.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing the query failed", e);
        }
        return new ArrayList<>(terms);
    }

    private static Query kinds(Set<MemoryKind> kinds) {
        if (kinds.size() == 1) {
            return KeywordField.newExactQuery(IndexLayout.KIND, kinds.iterator().next().name());
        }
        List<BytesRef> names = new ArrayList<>(kinds.size());
        for (MemoryKind kind : kinds) {
            names.add(new BytesRef(kind.name()));
        }
        return KeywordField.newSetQuery(IndexLayout.KIND, names);
    }
}
