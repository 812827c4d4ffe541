package dev.colony.core.internal.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Reciprocal rank fusion with k = 60, scaled so that first in both rankings is 1. */
class ReciprocalRankFusionTest {

    @Test
    void relevanceFusesBothRanksAndCountsOnlyKeywordMatches() {
        double[] cosines = {0.9, 0.8, 0.1, 0.8};
        double[] keywords = {0, 1.5, 3.0, 1.5};
        double[] relevance = ReciprocalRankFusion.relevance(cosines, keywords);

        assertThat(relevance[0]).as("first by cosine, no keyword").isEqualTo(0.5);
        assertThat(relevance[1]).as("cosine rank 2 (tie, earlier), keyword rank 2 (tie, better cosine rank)")
                .isCloseTo((61.0 / 62 + 61.0 / 62) / 2, within(1e-15));
        assertThat(relevance[2]).as("last by cosine, first by keywords")
                .isCloseTo((61.0 / 64 + 1) / 2, within(1e-15));
        assertThat(relevance[3]).isCloseTo((61.0 / 63 + 61.0 / 63) / 2, within(1e-15));
        assertThat(ReciprocalRankFusion.relevance(new double[] {0.3}, new double[] {2})).containsExactly(1.0);
        assertThat(ReciprocalRankFusion.relevance(new double[0], new double[0])).isEmpty();
    }
}
