package dev.colony.api.segment;

/**
 * A search of one store among the segments {@code filter} selects whose embedding has at least {@code minCosine}
 * cosine similarity to {@code queryEmbedding}: the best {@code maxResults}, best first.
 *
 * <p>Without {@code keywords} (null, or without a letter or digit) it is a vector search: best means most similar
 * by cosine. With keywords it is a hybrid search: the segments selected (by filter and {@code minCosine}) are
 * ranked twice, by cosine and by the BM25 relevance of their text to the keywords (computed exactly over those
 * segments, not over the whole store; words are runs of letters and digits, case ignored), and the two ranks are
 * fused by reciprocal rank fusion; {@link SegmentMatch#relevance()} says how.
 *
 * @param queryEmbedding the vector to compare with, of the store's dimension
 * @param maxResults how many segments at most, 1 to {@value Segments#MAX_RESULTS}
 * @param minCosine the least cosine similarity a match has (-1 keeps every one)
 * @param filter the metadata condition, or {@code null} for every segment of the store
 * @param keywords the text of a hybrid search (at most {@value Segments#MAX_TEXT_LENGTH} characters), or
 *     {@code null} for a vector search
 */
public record SegmentQuery(float[] queryEmbedding, int maxResults, double minCosine, SegmentFilter filter,
        String keywords) {

    /** A vector search: no keywords. */
    public SegmentQuery(float[] queryEmbedding, int maxResults, double minCosine, SegmentFilter filter) {
        this(queryEmbedding, maxResults, minCosine, filter, null);
    }
}
