package dev.colony.search.lucene;

import dev.colony.api.memory.MemoryLimits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/**
 * The default fusion of the keyword and the vector leg ({@link FusionMethod#WEIGHTED}; {@link LearnedFusion} is
 * the other), and the depths of both legs, which every fusion shares: a document scores {@code alpha × keyword +
 * (1 − alpha) × vector}, a leg that did not find it adding 0; {@code alpha = 1} ranks by keyword only,
 * {@code 0} by vector only. The two legs are brought to [0, 1] differently, because they fail differently:
 * <ul>
 *   <li><b>keyword</b>: the BM25 score as a share of the larger of the best candidate's score and
 *       {@link #KEYWORD_SHARE} of the query's {@linkplain #keywordCeiling ceiling}, the sum of its terms'
 *       idf, which a memory approaches only by holding every term. When the best candidate holds less
 *       than that share, as when a paraphrased query shares one common word with it, the leg adds
 *       little, however it ranks among poor matches; when it holds a good part of the query's words, as
 *       a memory usually does for a question asked in the words of its answer, it counts as fully as the
 *       vector leg's best (a question seldom matches all of its words: "When did Melanie run a charity
 *       race?" against "I ran a charity race for mental health last Saturday").</li>
 *   <li><b>vector</b>: the similarity scaled over the leg's candidates (min-max), since each model
 *       spreads its cosines over its own narrow band.</li>
 * </ul>
 *
 * <p>The weight itself follows the same evidence ({@link #alpha}): the keyword leg weighs
 * {@link #MIN_ALPHA} while its best candidate holds at most {@link #LOW_COVERAGE} of the ceiling, rising
 * evenly to {@link #MAX_ALPHA} at {@link #HIGH_COVERAGE}. A query that shares few rare words with every
 * memory was asked in other words, and its ranking is the vector leg's to make; one that a memory
 * answers word for word has found it, and a small model's vectors (which rank poorly on such questions,
 * the answer often being a long turn about several things) should not outvote it.
 *
 * <p>Measured with {@code HybridQualityTest} and {@code ConversationBenchmark}, default model, the keyword
 * leg's BM25 parameters of {@link ScopedSearcher} and its candidates rescored (see {@link QueryPlanner}):
 * <table>
 *   <caption>hybrid search by weighting</caption>
 *   <tr><th>keyword weight</th><th>share</th><th>agent memories recall@5</th><th>dialogs hit@5</th>
 *       <th>LoCoMo turn hit@5</th><th>LoCoMo session hit@1</th></tr>
 *   <tr><td>0.5 always</td><td>0.6</td><td>0.901</td><td>0.894</td><td>0.634</td><td>0.658</td></tr>
 *   <tr><td>0.5 always</td><td>0.5</td><td>0.892</td><td>0.894</td><td>0.650</td><td>0.670</td></tr>
 *   <tr><td>0.3 to 0.7</td><td>0.5</td><td>0.901</td><td>0.872</td><td>0.659</td><td>0.697</td></tr>
 *   <tr><td><b>0.4 to 0.8</b></td><td>0.5</td><td>0.901</td><td>0.867</td><td>0.680</td><td>0.707</td></tr>
 *   <tr><td>0.4 to 0.8</td><td>0.6</td><td>0.901</td><td>0.861</td><td>0.670</td><td>0.703</td></tr>
 * </table>
 * The weight ramps from a fifth to half of the ceiling (a fifth to 0.4 ranked 0.896 and 0.679 and 0.704,
 * a quarter to 0.45 0.901 and 0.671 and 0.702). A fixed weight of 0.6 ranked LoCoMo better (0.716 and
 * 0.743 with both legs scaled to z-scores) but the agent memories far worse (0.802): no fixed weight
 * serves both paraphrased and word-for-word questions. Reciprocal rank fusion did worse than either. The
 * table predates {@link CommonWords}, which leaves speaker names out of the vector leg's query: with it the
 * chosen row ranks LoCoMo 0.713 and 0.714, above the keyword leg alone (0.694 and 0.703).
 */
final class RankFusion {

    /** The keyword leg's weight when its best candidate holds little of the query (1 is keyword only). */
    static final double MIN_ALPHA = 0.4;
    /** The keyword leg's weight when its best candidate holds much of the query. */
    static final double MAX_ALPHA = 0.8;
    /** The share of the keyword ceiling up to which the best keyword candidate weighs {@link #MIN_ALPHA}. */
    static final double LOW_COVERAGE = 0.2;
    /** The share of the keyword ceiling from which the best keyword candidate weighs {@link #MAX_ALPHA}. */
    static final double HIGH_COVERAGE = 0.5;
    /**
     * The share of a query's keyword ceiling at which the keyword leg's best candidate counts in full: a
     * best candidate below it counts for its score over this share of the ceiling.
     */
    static final double KEYWORD_SHARE = 0.5;
    /**
     * How many candidates the vector leg hands to fusion, whatever the limit: the most a search may ask for.
     * Both legs' candidates (see {@link #KEYWORD_DEPTH}), and so each leg's scaling, are the same for every
     * limit up to their depth, so the first {@code n} hits of a search are the {@code n} hits of the same
     * search limited to {@code n} (when the depth grew with the limit, a vector leg scaled over more
     * candidates could reorder the first page). The vector leg fetches this many nearest documents anyway,
     * so the constant costs little.
     */
    static final int VECTOR_DEPTH = MemoryLimits.MAX_SEARCH_LIMIT;
    /**
     * How many candidates the keyword leg gathers, rescores (see {@link QueryPlanner}) and hands to fusion,
     * whatever the limit, unless the limit is larger. Half the vector leg's, because rescoring costs per
     * candidate; twice as many ranked no better (agent memories recall@5 0.901 both ways, LoCoMo hybrid
     * 0.634 and 0.658 against 0.633 and 0.652).
     */
    static final int KEYWORD_DEPTH = 50;
    /** Higher score first, then lower doc id (stable across equal scores). */
    static final Comparator<ScoreDoc> BEST_FIRST = Comparator.<ScoreDoc>comparingDouble(doc -> -doc.score)
            .thenComparingInt(doc -> doc.doc);

    private RankFusion() {
    }

    /**
     * How many candidates the vector leg returns for {@code limit} hits: {@link #VECTOR_DEPTH}, or the limit
     * if larger.
     */
    static int vectorDepth(int limit) {
        return Math.max(limit, VECTOR_DEPTH);
    }

    /**
     * How many candidates the keyword leg returns for {@code limit} hits: {@link #KEYWORD_DEPTH}, or the
     * limit if larger.
     */
    static int keywordDepth(int limit) {
        return Math.max(limit, KEYWORD_DEPTH);
    }

    /**
     * The most BM25 can give a document for {@code text} under {@code searcher}'s statistics: the sum of
     * the idf of its terms ({@code ln(1 + (N − n + 0.5) / (n + 0.5))}, the factor BM25 weighs a term by), a
     * term no document holds counting as if one did. At least a tiny positive number.
     */
    static double keywordCeiling(IndexSearcher searcher, Query text) throws IOException {
        return QueryTerms.of(searcher, text).ceiling();
    }

    /**
     * The keyword leg's weight for a search whose keyword candidates are {@code keyword} (best first) under
     * {@code keywordCeiling}: {@link #MIN_ALPHA} while the best holds at most {@link #LOW_COVERAGE} of the
     * ceiling (or there is none), {@link #MAX_ALPHA} from {@link #HIGH_COVERAGE}, linear in between.
     */
    static double alpha(ScoreDoc[] keyword, double keywordCeiling) {
        double coverage = keyword.length == 0 ? 0 : keyword[0].score / keywordCeiling;
        double rise = Math.min(1, Math.max(0, (coverage - LOW_COVERAGE) / (HIGH_COVERAGE - LOW_COVERAGE)));
        return MIN_ALPHA + (MAX_ALPHA - MIN_ALPHA) * rise;
    }

    /**
     * The best {@code limit} documents of both legs (each ranked best first) by fused score, the keyword
     * leg's scores taken as shares of the larger of its best score and {@link #KEYWORD_SHARE} of
     * {@code keywordCeiling}, and weighted {@code alpha}.
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
        if (keyword.length > 0 && alpha > 0) {
            double full = Math.max(keyword[0].score, KEYWORD_SHARE * keywordCeiling);
            for (ScoreDoc doc : keyword) {
                add(fused, doc.doc, alpha * Math.min(1, doc.score / full));
            }
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
