package dev.colony.api.segment;

/**
 * A segment found by a search, with the cosine similarity of its embedding to the query embedding (-1 to 1) and
 * its relevance (0 to 1, higher first: the order of the results).
 *
 * <p>In a vector search the relevance is {@code (1 + cosine) / 2}. In a hybrid search it is the reciprocal rank
 * fusion of the segment's rank by cosine ({@code v}, 1 for the most similar) and by keyword relevance ({@code t},
 * only if its text holds a keyword): {@code 1/(k + v) + 1/(k + t)} with {@code k} = {@value #FUSION_K}, scaled by
 * {@code (k + 1) / 2} so that a segment first in both rankings has 1 and one first by cosine without a keyword
 * has 0.5. It says where a segment stands among the searched ones, not how similar it is in absolute terms.
 *
 * @param segment the stored segment
 * @param cosine the cosine similarity
 * @param relevance the relevance the results are ordered by
 */
public record SegmentMatch(Segment segment, double cosine, double relevance) {

    /** The constant {@code k} of a hybrid search's reciprocal rank fusion (a larger one flattens the ranks). */
    public static final int FUSION_K = 60;

    /** A match of a vector search: relevance {@code (1 + cosine) / 2}. */
    public SegmentMatch(Segment segment, double cosine) {
        this(segment, cosine, (1 + cosine) / 2);
    }
}
