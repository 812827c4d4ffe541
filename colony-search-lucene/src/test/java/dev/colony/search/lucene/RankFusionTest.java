package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.apache.lucene.search.ScoreDoc;
import org.junit.jupiter.api.Test;

/** Score fusion at both ends of its weight and in between. */
class RankFusionTest {

    private static final ScoreDoc[] KEYWORD = {new ScoreDoc(1, 12f), new ScoreDoc(3, 9f), new ScoreDoc(2, 2f)};
    private static final ScoreDoc[] VECTOR = {new ScoreDoc(4, 0.91f), new ScoreDoc(3, 0.90f), new ScoreDoc(5, 0.6f)};

    private static List<Integer> docs(ScoreDoc[] ranked) {
        return Arrays.stream(ranked).map(doc -> doc.doc).toList();
    }

    @Test
    void alphaOneIsTheKeywordLegAndAlphaZeroTheVectorLeg() {
        assertThat(docs(RankFusion.fuse(KEYWORD, VECTOR, 3, 1.0))).containsExactly(1, 3, 2);
        assertThat(docs(RankFusion.fuse(KEYWORD, VECTOR, 3, 0.0))).containsExactly(4, 3, 5);
    }

    @Test
    void aDocumentBothLegsFindRisesAndEitherLegAloneStillRanks() {
        List<Integer> fused = docs(RankFusion.fuse(KEYWORD, VECTOR, 10, RankFusion.ALPHA));

        assertThat(fused.get(0)).as("doc 3 is second by words and by meaning, first of both").isEqualTo(3);
        assertThat(fused).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
        assertThat(docs(RankFusion.fuse(new ScoreDoc[0], VECTOR, 2, RankFusion.ALPHA))).containsExactly(4, 3);
        assertThat(docs(RankFusion.fuse(KEYWORD, new ScoreDoc[0], 2, RankFusion.ALPHA))).containsExactly(1, 3);
        assertThatThrownBy(() -> RankFusion.fuse(KEYWORD, VECTOR, 3, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
