package dev.colony.search.lucene;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * How well a ranker answers the queries of a {@link LabeledSet}, each measure a mean over the queries.
 *
 * @param hitAt1 share of queries whose first hit is relevant
 * @param hitAt5 share with at least one relevant entry among the first five hits
 * @param recallAt5 share of each query's relevant entries found among its first five hits
 * @param meanReciprocalRank mean of 1 / rank of the first relevant hit (0 when none is ranked)
 * @param groupHitAt1 share whose first hit is in the group of a relevant entry (for dialogs: the session)
 */
record RankingQuality(double hitAt1, double hitAt5, double recallAt5, double meanReciprocalRank, double groupHitAt1) {

    /** Measures {@code ranker}, which maps a query's text to entry ids, best first. */
    static RankingQuality of(LabeledSet set, Function<String, List<String>> ranker) {
        double hit1 = 0;
        double hit5 = 0;
        double recall5 = 0;
        double reciprocal = 0;
        double group1 = 0;
        for (LabeledSet.Query query : set.queries()) {
            List<String> ranked = ranker.apply(query.text());
            for (int rank = 0; rank < ranked.size(); rank++) {
                if (query.relevant().contains(ranked.get(rank))) {
                    hit1 += rank == 0 ? 1 : 0;
                    hit5 += rank < 5 ? 1 : 0;
                    reciprocal += 1.0 / (rank + 1);
                    break;
                }
            }
            long found = ranked.stream().limit(5).filter(query.relevant()::contains).count();
            recall5 += (double) found / query.relevant().size();
            if (!ranked.isEmpty() && query.groups().contains(LabeledSet.group(ranked.get(0)))) {
                group1++;
            }
        }
        int n = set.queries().size();
        return new RankingQuality(hit1 / n, hit5 / n, recall5 / n, reciprocal / n, group1 / n);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "hit@1 %.3f  hit@5 %.3f  recall@5 %.3f  MRR %.3f  group hit@1 %.3f",
                hitAt1, hitAt5, recallAt5, meanReciprocalRank, groupHitAt1);
    }
}
