package dev.colony.core.internal.segment;

import dev.colony.api.segment.SegmentMatch;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Reciprocal rank fusion of a hybrid search's two rankings of the same candidates: by cosine (every candidate)
 * and by keyword score (those that score above 0). A candidate's fused value is {@code 1/(k + v) + 1/(k + t)}
 * ({@code v}, {@code t} its 1-based ranks, the second term absent without a keyword), {@code k} =
 * {@value SegmentMatch#FUSION_K}, scaled by {@code (k + 1) / 2} into a relevance of 0 to 1. Ties rank by cosine,
 * then by candidate order, so the ranks are total.
 */
final class ReciprocalRankFusion {

    private static final int K = SegmentMatch.FUSION_K;

    private ReciprocalRankFusion() {
    }

    /** The relevance of each candidate, from its cosine and keyword score (arrays of one length). */
    static double[] relevance(double[] cosines, double[] keywordScores) {
        int count = cosines.length;
        Integer[] byCosine = order(count, Comparator.comparingDouble(i -> -cosines[i]));
        int[] vectorRank = new int[count];
        for (int rank = 0; rank < count; rank++) {
            vectorRank[byCosine[rank]] = rank + 1;
        }
        Integer[] byKeywords = order(count, Comparator.<Integer>comparingDouble(i -> -keywordScores[i])
                .thenComparingInt(i -> vectorRank[i]));
        // each rank's term scaled by (k + 1) before the sum, so that first in both is exactly 1
        double[] relevance = new double[count];
        for (int i = 0; i < count; i++) {
            relevance[i] = (K + 1.0) / (K + vectorRank[i]);
        }
        for (int rank = 0; rank < count && keywordScores[byKeywords[rank]] > 0; rank++) {
            relevance[byKeywords[rank]] += (K + 1.0) / (K + rank + 1);
        }
        for (int i = 0; i < count; i++) {
            relevance[i] /= 2;
        }
        return relevance;
    }

    /** The candidate indexes sorted by {@code comparator}, ties in index order. */
    private static Integer[] order(int count, Comparator<Integer> comparator) {
        Integer[] order = new Integer[count];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, comparator.thenComparingInt(i -> i));
        return order;
    }
}
