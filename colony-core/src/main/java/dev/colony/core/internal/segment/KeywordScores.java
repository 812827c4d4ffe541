package dev.colony.core.internal.segment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The BM25 relevance of a set of texts to a query, computed exactly over that set (the segments one search
 * selects): each text is added once, then {@link #scores} gives every text's score. Terms are the runs of
 * letters and digits, lower-cased ({@code "XK-4471"} is {@code xk} and {@code 4471}); each distinct query term
 * counts once. BM25 with Lucene's defaults ({@code k1} = 1.2, {@code b} = 0.75, idf
 * {@code ln(1 + (n - df + 0.5) / (df + 0.5))}); a text without any query term, or none at all, scores 0.
 *
 * <p>Only the lengths and the counts of query terms are kept, not the texts. Not thread-safe.
 */
final class KeywordScores {

    private static final double K1 = 1.2;
    private static final double B = 0.75;

    private final Map<String, Integer> terms = new LinkedHashMap<>();
    private final int[] documentFrequencies;
    private final List<int[]> frequencies = new ArrayList<>();
    private int[] lengths = new int[64];
    private int count;
    private long totalLength;

    /** Scores for {@code query}'s terms. */
    KeywordScores(String query) {
        for (String term : terms(query)) {
            terms.putIfAbsent(term, terms.size());
        }
        documentFrequencies = new int[terms.size()];
    }

    /** Whether the query has any term at all. */
    boolean hasTerms() {
        return !terms.isEmpty();
    }

    /** Counts the next text (null counts as empty). */
    void add(String text) {
        int[] counts = null;
        int length = 0;
        if (text != null) {
            for (String term : terms(text)) {
                length++;
                Integer index = terms.get(term);
                if (index != null) {
                    if (counts == null) {
                        counts = new int[terms.size()];
                    }
                    if (counts[index]++ == 0) {
                        documentFrequencies[index]++;
                    }
                }
            }
        }
        if (count == lengths.length) {
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        lengths[count++] = length;
        totalLength += length;
        frequencies.add(counts);
    }

    /** The score of each added text, in the order they were added. */
    double[] scores() {
        double[] scores = new double[count];
        if (count == 0) {
            return scores;
        }
        double averageLength = Math.max(1e-9, (double) totalLength / count);
        double[] idf = new double[documentFrequencies.length];
        for (int t = 0; t < idf.length; t++) {
            idf[t] = Math.log(1 + (count - documentFrequencies[t] + 0.5) / (documentFrequencies[t] + 0.5));
        }
        for (int i = 0; i < count; i++) {
            int[] counts = frequencies.get(i);
            if (counts == null) {
                continue;
            }
            double norm = K1 * (1 - B + B * lengths[i] / averageLength);
            double score = 0;
            for (int t = 0; t < counts.length; t++) {
                if (counts[t] > 0) {
                    score += idf[t] * counts[t] * (K1 + 1) / (counts[t] + norm);
                }
            }
            scores[i] = score;
        }
        return scores;
    }

    /** The terms of {@code text} in order: runs of letters and digits, lower-cased. */
    static List<String> terms(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        List<String> terms = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= lower.length(); ) {
            int codePoint = i < lower.length() ? lower.codePointAt(i) : ' ';
            boolean inTerm = Character.isLetterOrDigit(codePoint);
            if (inTerm && start < 0) {
                start = i;
            } else if (!inTerm && start >= 0) {
                terms.add(lower.substring(start, i));
                start = -1;
            }
            i += i < lower.length() ? Character.charCount(codePoint) : 1;
        }
        return terms;
    }
}
