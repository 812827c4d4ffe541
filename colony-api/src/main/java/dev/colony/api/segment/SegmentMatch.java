package dev.colony.api.segment;

/**
 * A segment found by a search and the cosine similarity of its embedding to the query embedding (-1 to 1).
 *
 * @param segment the stored segment
 * @param cosine the cosine similarity
 */
public record SegmentMatch(Segment segment, double cosine) {
}
