package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.memory.SearchHit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Keyword ranking quality on the labeled dialog set ({@link LabeledDialogs}): every turn is one
 * memory, every question is searched as typed, and the index must rank answer turns at least as well
 * as a textbook BM25 ({@link TextbookBm25}) over the same texts. The measured numbers are printed.
 */
class KeywordQualityTest {

    /** Hits looked at per question (for the reciprocal rank). */
    private static final int DEPTH = 50;

    @Test
    void keywordSearchRanksAtLeastAsWellAsTextbookBm25() {
        LabeledDialogs set = LabeledDialogs.load();
        assertThat(set.turns()).hasSizeGreaterThanOrEqualTo(300);
        assertThat(set.questions()).hasSizeGreaterThanOrEqualTo(100);

        Quality colony;
        ListMemorySource source = new ListMemorySource("quality-set");
        Map<Long, String> turnOfMemory = new HashMap<>();
        set.turns().forEach((turn, text) ->
                turnOfMemory.put(source.memory(text).session(LabeledDialogs.session(turn)).add(), turn));
        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            colony = Quality.of(set, question -> {
                List<String> ranked = new ArrayList<>();
                for (SearchHit hit : index.search(Requests.query(question).limit(DEPTH).build())) {
                    ranked.add(turnOfMemory.get(hit.id().value()));
                }
                return ranked;
            });
        }
        TextbookBm25 textbook = new TextbookBm25(set.turns());
        Quality baseline = Quality.of(set, question -> textbook.rank(question, DEPTH));

        System.out.printf(Locale.ROOT, "keyword quality on %d turns, %d questions%n  colony   %s%n  textbook %s%n",
                set.turns().size(), set.questions().size(), colony, baseline);
        assertThat(colony.turnHitAt1()).as("turn hit@1").isGreaterThanOrEqualTo(baseline.turnHitAt1());
        assertThat(colony.turnHitAt5()).as("turn hit@5").isGreaterThanOrEqualTo(baseline.turnHitAt5());
        assertThat(colony.meanReciprocalRank()).as("MRR").isGreaterThanOrEqualTo(baseline.meanReciprocalRank());
        assertThat(colony.sessionHitAt1()).as("session hit@1").isGreaterThanOrEqualTo(baseline.sessionHitAt1());
    }

    /**
     * Ranking quality over a question set.
     *
     * @param turnHitAt1 share of questions whose first hit is an answer turn
     * @param turnHitAt5 share with an answer turn among the first five hits
     * @param meanReciprocalRank mean of 1 / rank of the first answer turn (0 when none is ranked)
     * @param sessionHitAt1 share whose first hit is in a session of an answer turn
     */
    record Quality(double turnHitAt1, double turnHitAt5, double meanReciprocalRank, double sessionHitAt1) {

        static Quality of(LabeledDialogs set, Function<String, List<String>> ranker) {
            double hit1 = 0;
            double hit5 = 0;
            double reciprocal = 0;
            double session1 = 0;
            for (LabeledDialogs.Question question : set.questions()) {
                List<String> ranked = ranker.apply(question.text());
                for (int rank = 0; rank < ranked.size(); rank++) {
                    if (question.answers().contains(ranked.get(rank))) {
                        hit1 += rank == 0 ? 1 : 0;
                        hit5 += rank < 5 ? 1 : 0;
                        reciprocal += 1.0 / (rank + 1);
                        break;
                    }
                }
                if (!ranked.isEmpty() && question.sessions().contains(LabeledDialogs.session(ranked.get(0)))) {
                    session1++;
                }
            }
            int n = set.questions().size();
            return new Quality(hit1 / n, hit5 / n, reciprocal / n, session1 / n);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "turn hit@1 %.3f  hit@5 %.3f  MRR %.3f  session hit@1 %.3f",
                    turnHitAt1, turnHitAt5, meanReciprocalRank, sessionHitAt1);
        }
    }
}
