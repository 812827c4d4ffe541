package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.SearchMode;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Keyword ranking quality on the labeled dialog set ({@link LabeledSet#dialogs()}): every turn is one
 * memory, every question is searched as typed, and the index must rank answer turns at least as well
 * as a textbook BM25 ({@link TextbookBm25}) over the same texts. The measured numbers are printed.
 */
class KeywordQualityTest {

    /** Hits looked at per question (for the reciprocal rank). */
    private static final int DEPTH = 50;

    @Test
    void keywordSearchRanksAtLeastAsWellAsTextbookBm25() {
        LabeledSet set = LabeledSet.dialogs();
        assertThat(set.entries()).hasSizeGreaterThanOrEqualTo(300);
        assertThat(set.queries()).hasSizeGreaterThanOrEqualTo(100);

        RankingQuality colony;
        try (LabeledIndex index = LabeledIndex.keywordOnly(set)) {
            colony = RankingQuality.of(set, query -> index.rank(SearchMode.KEYWORD, query, DEPTH));
        }
        TextbookBm25 textbook = new TextbookBm25(set.entries());
        RankingQuality baseline = RankingQuality.of(set, query -> textbook.rank(query, DEPTH));

        System.out.printf(Locale.ROOT, "keyword quality on %d turns, %d questions%n  colony   %s%n  textbook %s%n",
                set.entries().size(), set.queries().size(), colony, baseline);
        assertThat(colony.hitAt1()).as("turn hit@1").isGreaterThanOrEqualTo(baseline.hitAt1());
        assertThat(colony.hitAt5()).as("turn hit@5").isGreaterThanOrEqualTo(baseline.hitAt5());
        assertThat(colony.meanReciprocalRank()).as("MRR").isGreaterThanOrEqualTo(baseline.meanReciprocalRank());
        assertThat(colony.groupHitAt1()).as("session hit@1").isGreaterThanOrEqualTo(baseline.groupHitAt1());
    }
}
