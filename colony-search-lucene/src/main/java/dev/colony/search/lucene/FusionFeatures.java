package dev.colony.search.lucene;

import dev.colony.api.MemoryId;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.SmallFloat;

/**
 * What a hybrid search knows about each of its candidates (every document either leg found), the input of
 * {@link LearnedFusion}: each leg's score and rank, how much of the query's idf the candidate's own text holds,
 * its length, whether the legs agree, and how far the query as a whole is answered word for word. A leg that
 * did not find a candidate gives 0 for its score and rank features, and 0 for its {@code found} feature.
 *
 * <p>The features, by name (the names key the shipped weights, see {@link LearnedFusion}):
 * <ul>
 *   <li>{@code keyword.found}, {@code vector.found}: 1 when the leg found the candidate;</li>
 *   <li>{@code keyword.share}: its BM25 score over the query's {@linkplain QueryTerms#ceiling ceiling} (at
 *       most 2: the keyword leg also reads the memory before it);</li>
 *   <li>{@code keyword.relative}: its BM25 score over the leg's best;</li>
 *   <li>{@code keyword.reciprocalRank}, {@code vector.reciprocalRank}: 1 / (1 + its rank in the leg);</li>
 *   <li>{@code vector.scaled}: its similarity scaled over the leg's candidates (min-max);</li>
 *   <li>{@code vector.similarity}: its cosine similarity to the query, read from its stored vector when the
 *       vector leg did not find it (0 when it has none);</li>
 *   <li>{@code idf.coverage}: the share of the query's idf its own text holds (0 to 1);</li>
 *   <li>{@code length}: {@code ln(1 + words)} of its text;</li>
 *   <li>{@code legs.agree}: 1 when both legs found it; {@code legs.reciprocalRanks}: the product of its
 *       reciprocal ranks;</li>
 *   <li>{@code keyword.share.answered}, {@code vector.scaled.answered}: {@code keyword.share} and
 *       {@code vector.scaled} times the share of the ceiling the keyword leg's best candidate holds (at most 1),
 *       so that a linear model can lean on the keyword leg when a memory answers the query word for word
 *       and on the vector leg when none does;</li>
 *   <li>{@code keyword.share.standardised}, {@code vector.similarity.standardised}: those two as z-scores over
 *       the query's candidates, which tell a candidate that stands out from one among equals whatever the
 *       query's own scale;</li>
 *   <li>{@value #PASSAGE_MATCH}: 1 when the vector leg found the candidate by one of its passages, that is when its
 *       best sentence is nearer the query than its whole text ({@link VectorMatch#byPassage()}); 0 for a memory of
 *       one sentence, and for one the vector leg did not find.</li>
 * </ul>
 */
final class FusionFeatures {

    /** The name of the feature that tells a match of a memory's passage from one of its whole text. */
    static final String PASSAGE_MATCH = "passage.match";
    /** The features' names, in the order of a candidate's values. */
    static final List<String> NAMES = List.of("keyword.found", "keyword.share", "keyword.relative",
            "keyword.reciprocalRank", "vector.found", "vector.scaled", "vector.similarity", "vector.reciprocalRank",
            "idf.coverage", "length", "legs.agree", "legs.reciprocalRanks", "keyword.share.answered",
            "vector.scaled.answered", "keyword.share.standardised", "vector.similarity.standardised", PASSAGE_MATCH);
    /** Added to a spread before dividing by it, so that equal values standardise to 0. */
    static final double STANDARDISING_FLOOR = 1e-6;
    /** The most {@code keyword.share} counts for. */
    static final double MAX_KEYWORD_SHARE = 2;

    private static final int KEYWORD_FOUND = 0;
    private static final int KEYWORD_SHARE = 1;
    private static final int KEYWORD_RELATIVE = 2;
    private static final int KEYWORD_RANK = 3;
    private static final int VECTOR_FOUND = 4;
    private static final int VECTOR_SCALED = 5;
    private static final int VECTOR_SIMILARITY = 6;
    private static final int VECTOR_RANK = 7;
    private static final int IDF_COVERAGE = 8;
    private static final int LENGTH = 9;
    private static final int AGREE = 10;
    private static final int RANKS = 11;
    private static final int KEYWORD_ANSWERED = 12;
    private static final int VECTOR_ANSWERED = 13;
    private static final int KEYWORD_STANDARDISED = 14;
    private static final int VECTOR_STANDARDISED = 15;
    private static final int PASSAGE = 16;

    private FusionFeatures() {
    }

    /**
     * One candidate of a hybrid search.
     *
     * @param doc its document in the snapshot's reader
     * @param values its features, in the order of {@link #NAMES}
     */
    record Candidate(int doc, double[] values) {
    }

    /**
     * One candidate of a hybrid search named by its memory (for training and testing).
     *
     * @param id the memory
     * @param values its features, in the order of {@link #NAMES}
     */
    record OfMemory(MemoryId id, double[] values) {
    }

    /**
     * The candidates of a search in {@code reader} whose keyword leg found {@code keyword} for {@code terms} and
     * whose vector leg found {@code semantic} (each best first, the vector leg's scores Lucene's
     * {@code (1 + cosine) / 2}), in order of document.
     */
    static List<Candidate> of(IndexReader reader, ScoreDoc[] keyword, QueryTerms terms, ScoreDoc[] semantic,
            String vectorField, float[] queryVector) throws IOException {
        Map<Integer, double[]> byDoc = new LinkedHashMap<>();
        double ceiling = terms.ceiling();
        double answered = keyword.length == 0 ? 0 : Math.min(1, keyword[0].score / ceiling);
        for (int rank = 0; rank < keyword.length; rank++) {
            ScoreDoc doc = keyword[rank];
            double[] values = byDoc.computeIfAbsent(doc.doc, unused -> new double[NAMES.size()]);
            values[KEYWORD_FOUND] = 1;
            values[KEYWORD_SHARE] = Math.min(MAX_KEYWORD_SHARE, doc.score / ceiling);
            values[KEYWORD_RELATIVE] = keyword[0].score > 0 ? doc.score / keyword[0].score : 0;
            values[KEYWORD_RANK] = 1.0 / (1 + rank);
            values[KEYWORD_ANSWERED] = values[KEYWORD_SHARE] * answered;
        }
        if (semantic.length > 0) {
            float max = semantic[0].score;
            float min = semantic[0].score;
            for (ScoreDoc doc : semantic) {
                max = Math.max(max, doc.score);
                min = Math.min(min, doc.score);
            }
            for (int rank = 0; rank < semantic.length; rank++) {
                ScoreDoc doc = semantic[rank];
                double[] values = byDoc.computeIfAbsent(doc.doc, unused -> new double[NAMES.size()]);
                values[VECTOR_FOUND] = 1;
                values[VECTOR_SCALED] = max == min ? 1 : (doc.score - min) / (max - min);
                values[VECTOR_SIMILARITY] = 2.0 * doc.score - 1;
                values[VECTOR_RANK] = 1.0 / (1 + rank);
                values[VECTOR_ANSWERED] = values[VECTOR_SCALED] * answered;
                values[PASSAGE] = doc instanceof VectorMatch match && match.byPassage() ? 1 : 0;
            }
        }
        int[] docs = byDoc.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        double[] held = heldIdf(reader, terms, docs);
        List<Candidate> candidates = new ArrayList<>(docs.length);
        for (int i = 0; i < docs.length; i++) {
            double[] values = byDoc.get(docs[i]);
            values[IDF_COVERAGE] = terms.size() == 0 ? 0 : Math.min(1, held[i] / terms.ceiling());
            values[AGREE] = values[KEYWORD_FOUND] * values[VECTOR_FOUND];
            values[RANKS] = values[KEYWORD_RANK] * values[VECTOR_RANK];
            candidates.add(new Candidate(docs[i], values));
        }
        lengths(reader, docs, candidates);
        if (vectorField != null && semantic.length > 0) {
            similarities(reader, vectorField, queryVector, candidates);
        }
        standardise(candidates, KEYWORD_SHARE, KEYWORD_STANDARDISED);
        standardise(candidates, VECTOR_SIMILARITY, VECTOR_STANDARDISED);
        return candidates;
    }

    /** Sets feature {@code to} of each candidate to its feature {@code from} as a z-score over the candidates. */
    private static void standardise(List<Candidate> candidates, int from, int to) {
        double sum = 0;
        for (Candidate candidate : candidates) {
            sum += candidate.values()[from];
        }
        double mean = sum / Math.max(1, candidates.size());
        double squares = 0;
        for (Candidate candidate : candidates) {
            double off = candidate.values()[from] - mean;
            squares += off * off;
        }
        double spread = Math.sqrt(squares / Math.max(1, candidates.size())) + STANDARDISING_FLOOR;
        for (Candidate candidate : candidates) {
            candidate.values()[to] = (candidate.values()[from] - mean) / spread;
        }
    }

    /**
     * Sets {@code vector.similarity} of each candidate the vector leg did not find (candidates in order of
     * document) from its stored vector, demoted like the leg's; one without a vector keeps 0.
     */
    private static void similarities(IndexReader reader, String field, float[] query, List<Candidate> candidates)
            throws IOException {
        List<LeafReaderContext> leaves = reader.leaves();
        int from = 0;
        for (LeafReaderContext leaf : leaves) {
            int end = leaf.docBase + leaf.reader().maxDoc();
            FloatVectorValues vectors = null;
            NumericDocValues demoted = null;
            boolean opened = false;
            for (; from < candidates.size() && candidates.get(from).doc() < end; from++) {
                double[] values = candidates.get(from).values();
                if (values[VECTOR_FOUND] == 1) {
                    continue;
                }
                if (!opened) {
                    vectors = leaf.reader().getFloatVectorValues(field);
                    demoted = leaf.reader().getNumericDocValues(IndexLayout.DEMOTED);
                    opened = true;
                }
                int target = candidates.get(from).doc() - leaf.docBase;
                if (vectors == null || vectors.docID() > target
                        || (vectors.docID() < target && vectors.advance(target) != target)) {
                    continue;
                }
                double score = IndexLayout.SIMILARITY.compare(query, vectors.vectorValue());
                if (demoted != null && demoted.docID() <= target
                        && (demoted.docID() == target || demoted.advance(target) == target)) {
                    score *= LuceneSearch.RESULT_DEMOTION;
                }
                values[VECTOR_SIMILARITY] = 2 * score - 1;
            }
        }
    }

    /** For each of {@code docs} (ascending), the summed idf of the terms its own text holds. */
    private static double[] heldIdf(IndexReader reader, QueryTerms terms, int[] docs) throws IOException {
        double[] held = new double[docs.length];
        if (terms.size() == 0 || docs.length == 0) {
            return held;
        }
        List<LeafReaderContext> leaves = reader.leaves();
        int from = 0;
        for (LeafReaderContext leaf : leaves) {
            int end = leaf.docBase + leaf.reader().maxDoc();
            int to = from;
            while (to < docs.length && docs[to] < end) {
                to++;
            }
            if (to > from) {
                Terms text = leaf.reader().terms(IndexLayout.TEXT);
                if (text != null) {
                    TermsEnum termsEnum = text.iterator();
                    for (int t = 0; t < terms.size(); t++) {
                        if (!termsEnum.seekExact(terms.term(t).bytes())) {
                            continue;
                        }
                        PostingsEnum postings = termsEnum.postings(null, PostingsEnum.NONE);
                        for (int i = from; i < to; i++) {
                            int target = docs[i] - leaf.docBase;
                            int at = postings.docID() < target ? postings.advance(target) : postings.docID();
                            if (at == DocIdSetIterator.NO_MORE_DOCS) {
                                break;
                            }
                            if (at == target) {
                                held[i] += terms.idf(t);
                            }
                        }
                    }
                }
            }
            from = to;
        }
        return held;
    }

    /** Sets each candidate's {@code length} from its text's length norm (candidates in order of document). */
    private static void lengths(IndexReader reader, int[] docs, List<Candidate> candidates) throws IOException {
        int from = 0;
        for (LeafReaderContext leaf : reader.leaves()) {
            int end = leaf.docBase + leaf.reader().maxDoc();
            int to = from;
            while (to < docs.length && docs[to] < end) {
                to++;
            }
            NumericDocValues norms = to > from ? leaf.reader().getNormValues(IndexLayout.TEXT) : null;
            for (int i = from; norms != null && i < to; i++) {
                int words = norms.advanceExact(docs[i] - leaf.docBase)
                        ? SmallFloat.byte4ToInt((byte) norms.longValue()) : 0;
                candidates.get(i).values()[LENGTH] = Math.log1p(words);
            }
            from = to;
        }
    }
}
