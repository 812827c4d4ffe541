package dev.colony.search.lucene;

import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryRescorer;

/**
 * Ranks the keyword leg's candidates by a second, costlier query alone (see {@link QueryPlanner}'s
 * rescoring query): the first query only chose them. A candidate the second query does not match, which
 * cannot happen when both hold the same terms over the same texts, would score 0.
 */
final class CandidateRescorer extends QueryRescorer {

    CandidateRescorer(Query rescoring) {
        super(rescoring);
    }

    @Override
    protected float combine(float firstPassScore, boolean secondPassMatches, float secondPassScore) {
        return secondPassMatches ? secondPassScore : 0;
    }
}
