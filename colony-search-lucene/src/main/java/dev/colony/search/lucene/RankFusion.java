package dev.colony.search.lucene;

import dev.colony.api.memory.MemoryLimits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermStatistics;

/**
 * Fusion of the keyword and the vector leg into one ranking: a document scores {@code alpha × keyword +
 * (1 − alpha) × vector}, a leg that did not find it adding 0; {@code alpha = 1} ranks by keyword only,
 * {@code 0} by vector only. The two legs are brought to [0, 1] differently, because they fail differently:
 * <ul>
 *   <li><b>keyword</b>: the BM25 score as a share of the query's {@linkplain #keywordCeiling ceiling}, the
 *       sum of its terms' idf, which a document approaches only by holding every term. A memory that
 *       shares one common word with a paraphrased query adds little; one that holds its rare words adds
 *       much. (Scaling by the best candidate instead would give the best of a poor keyword match as much
 *       weight as an exact one.)</li>
 *   <li><b>vector</b>: the similarity scaled over the leg's candidates (min-max), since each model
 *       spreads its cosines over its own narrow band.</li>
 * </ul>
 *
 * <p>Measured with {@code HybridQualityTest} on the paraphrased agent-memory set with the default model,
 * before memories were searched with their predecessor's context ({@link IndexLayout#CONTEXT_WEIGHT}):
 * hit@5 0.95, recall@5 0.88 and MRR 0.82, against 0.87, 0.82 and 0.77 when both legs are scaled min-max
 * (which ranked below the vector leg alone: 0.92, 0.87, 0.83); reciprocal rank fusion did worse still, and
 * the ceiling was better for the other two models too. On the dialog set, where questions reuse the words
 * of the answer, it keeps hit@5 (0.78) but puts the answer's session first less often than min-max scaling
 * (0.68 against 0.74; with context it puts it first for 0.78). Alpha from 0.3 to 0.75 moved recall@5 by
 * at most two queries, with context as without.
 */
final class RankFusion {

    /** The keyword leg's weight: 1 is keyword only, 0 vector only. */
    static final double ALPHA = 0.5;
    /**
     * How many candidates each leg hands to fusion, whatever the limit: the most a search may ask for.
     * Both legs' candidates, and so each leg's scaling, are then the same for every limit, so the first
     * {@code n} hits of a search are the {@code n} hits of the same search limited to {@code n} (when the
     * depth grew with the limit, a vector leg scaled over more candidates could reorder the first page).
     * The vector leg fetches this many nearest documents anyway, so the constant costs little.
     */
    static final int DEPTH = MemoryLimits.MAX_SEARCH_LIMIT;
    /** Higher score first, then lower doc id (stable across equal scores). */
    static final Comparator<ScoreDoc> BEST_FIRST = Comparator.<ScoreDoc>comparingDouble(doc -> -doc.score)
            .thenComparingInt(doc -> doc.doc);

    private RankFusion() {
    }

    /** How many candidates each leg returns for {@code limit} fused hits: {@link #DEPTH}, or the limit if more. */
    static int depth(int limit) {
        return Math.max(limit, DEPTH);
    }

    /**
     * The most BM25 can give a document for {@code text} under {@code searcher}'s statistics: the sum of
     * the idf of its terms ({@code ln(1 + (N − n + 0.5) / (n + 0.5))}, the factor BM25 weighs a term by), a
     * term no document holds counting as if one did. At least a tiny positive number.
     */
    static double keywordCeiling(IndexSearcher searcher, Query text) throws IOException {
        Set<Term> terms = new HashSet<>();
        text.visit(QueryVisitor.termCollector(terms));
        double ceiling = 0;
        for (Term term : terms) {
            CollectionStatistics collection = searcher.collectionStatistics(term.field());
            long documents = collection == null ? 1 : collection.docCount();
            TermStates states = TermStates.build(searcher, term, true);
            TermStatistics statistics = states.docFreq() == 0 ? null
                    : searcher.termStatistics(term, states.docFreq(), states.totalTermFreq());
            long holding = statistics == null ? 1 : Math.min(statistics.docFreq(), documents);
            ceiling += Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
        }
        return Math.max(ceiling, Float.MIN_NORMAL);
    }

    /**
     * The best {@code limit} documents of both legs (each ranked best first) by fused score, the keyword
     * leg's scores taken as shares of {@code keywordCeiling} and weighted {@code alpha}.
     */
    static ScoreDoc[] fuse(ScoreDoc[] keyword, double keywordCeiling, ScoreDoc[] semantic, int limit,
            double alpha) {
        if (alpha < 0 || alpha > 1) {
            throw new IllegalArgumentException("alpha must be within [0, 1], was " + alpha);
        }
        if (!(keywordCeiling > 0)) {
            throw new IllegalArgumentException("keywordCeiling must be positive, was " + keywordCeiling);
        }
        Map<Integer, ScoreDoc> fused = new HashMap<>();
        for (ScoreDoc doc : alpha > 0 ? keyword : new ScoreDoc[0]) {
            add(fused, doc.doc, alpha * Math.min(1, doc.score / keywordCeiling));
        }
        if (semantic.length > 0 && alpha < 1) {
            float max = semantic[0].score;
            float min = semantic[0].score;
            for (ScoreDoc doc : semantic) {
                max = Math.max(max, doc.score);
                min = Math.min(min, doc.score);
            }
            for (ScoreDoc doc : semantic) {
                add(fused, doc.doc, (1 - alpha) * (max == min ? 1 : (doc.score - min) / (max - min)));
            }
        }
        List<ScoreDoc> ranked = new ArrayList<>(fused.values());
        ranked.sort(BEST_FIRST);
        return ranked.subList(0, Math.min(limit, ranked.size())).toArray(new ScoreDoc[0]);
    }

    private static void add(Map<Integer, ScoreDoc> fused, int doc, double score) {
        fused.merge(doc, new ScoreDoc(doc, (float) score),
                (known, more) -> new ScoreDoc(known.doc, known.score + more.score));
    }
}
