package dev.colony.core.internal.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** BM25 over the added texts: terms, rarity, repetition with saturation, length, and texts without terms. */
class KeywordScoresTest {

    @Test
    void termsAreRunsOfLettersAndDigitsLowerCased() {
        assertThat(KeywordScores.terms("Gasket XK-4471, für Pumpe #3!")).containsExactly("gasket", "xk", "4471",
                "für", "pumpe", "3");
        assertThat(KeywordScores.terms(" -- ")).isEmpty();
        assertThat(new KeywordScores("?!").hasTerms()).isFalse();
    }

    @Test
    void scoresAreBm25OverTheAddedTexts() {
        KeywordScores scores = new KeywordScores("xk-4471 pump");
        scores.add("pump housing");
        scores.add("gasket XK-4471 for the pump");
        scores.add(null);
        scores.add("PUMP pump pump pump");
        scores.add("valve");
        double[] bm25 = scores.scores();

        // n = 5, average length 13 / 5; "pump" in 3 texts, "xk" and "4471" in 1
        double pumpIdf = Math.log(1 + (5 - 3 + 0.5) / (3 + 0.5));
        double rareIdf = Math.log(1 + (5 - 1 + 0.5) / (1 + 0.5));
        assertThat(bm25[0]).isCloseTo(pumpIdf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 2 / 2.6)), within(1e-12));
        double norm = 1.2 * (0.25 + 0.75 * 6 / 2.6);
        assertThat(bm25[1]).isCloseTo((2 * rareIdf + pumpIdf) * 2.2 / (1 + norm), within(1e-12));
        assertThat(bm25[2]).as("no text").isZero();
        assertThat(bm25[3]).as("repetition counts, case ignored, saturating")
                .isCloseTo(pumpIdf * 4 * 2.2 / (4 + 1.2 * (0.25 + 0.75 * 4 / 2.6)), within(1e-12))
                .isLessThan(2 * bm25[0]);
        assertThat(bm25[4]).as("no query term").isZero();
        assertThat(bm25[1]).as("the rare part number outweighs the common word").isGreaterThan(bm25[3]);
    }
}
