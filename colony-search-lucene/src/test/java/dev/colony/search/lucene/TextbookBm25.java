package dev.colony.search.lucene;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A plain Okapi BM25 ranker to measure the index against, the way retrieval papers and common
 * benchmark scripts compute it: lower-cased runs of letters and digits as terms (no stop words, no
 * stemming), k1 = 1.2, b = 0.75, the Robertson–Spärck Jones idf {@code ln((N - n + 0.5) / (n + 0.5))}
 * with negative values (terms in more than half the documents) raised to a quarter of the mean idf,
 * exact document lengths, and every query token counted as often as it occurs.
 */
final class TextbookBm25 {

    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    private static final double EPSILON = 0.25;

    private final List<String> ids = new ArrayList<>();
    private final List<Map<String, Integer>> frequencies = new ArrayList<>();
    private final List<Integer> lengths = new ArrayList<>();
    private final Map<String, Double> idf = new HashMap<>();
    private final double averageLength;

    TextbookBm25(Map<String, String> documents) {
        Map<String, Integer> documentFrequency = new HashMap<>();
        long total = 0;
        for (Map.Entry<String, String> document : documents.entrySet()) {
            List<String> tokens = tokens(document.getValue());
            Map<String, Integer> tf = new HashMap<>();
            tokens.forEach(token -> tf.merge(token, 1, Integer::sum));
            tf.keySet().forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
            ids.add(document.getKey());
            frequencies.add(tf);
            lengths.add(tokens.size());
            total += tokens.size();
        }
        averageLength = (double) total / documents.size();
        int n = documents.size();
        double sum = 0;
        List<String> negative = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : documentFrequency.entrySet()) {
            double value = Math.log((n - entry.getValue() + 0.5) / (entry.getValue() + 0.5));
            idf.put(entry.getKey(), value);
            sum += value;
            if (value < 0) {
                negative.add(entry.getKey());
            }
        }
        double floor = EPSILON * sum / idf.size();
        negative.forEach(term -> idf.put(term, floor));
    }

    /** The plain tokenizer: lower-cased runs of letters and digits. */
    static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        for (String token : NON_WORD.split(text.toLowerCase(Locale.ROOT))) {
            if (!token.isEmpty()) {
                tokens.add(token);
            }
        }
        return tokens;
    }

    /** The ids of the {@code limit} best documents for {@code query}, best first (ties by insertion order). */
    List<String> rank(String query, int limit) {
        List<String> terms = tokens(query);
        List<double[]> scored = new ArrayList<>();
        for (int doc = 0; doc < ids.size(); doc++) {
            Map<String, Integer> tf = frequencies.get(doc);
            double norm = K1 * (1 - B + B * lengths.get(doc) / averageLength);
            double score = 0;
            for (String term : terms) {
                Integer f = tf.get(term);
                if (f != null) {
                    score += idf.get(term) * f * (K1 + 1) / (f + norm);
                }
            }
            if (score > 0) {
                scored.add(new double[] {score, doc});
            }
        }
        scored.sort(Comparator.<double[]>comparingDouble(entry -> -entry[0]).thenComparingDouble(entry -> entry[1]));
        List<String> ranked = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, scored.size()); i++) {
            ranked.add(ids.get((int) scored.get(i)[1]));
        }
        return ranked;
    }
}
