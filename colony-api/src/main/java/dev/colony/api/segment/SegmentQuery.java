package dev.colony.api.segment;

/**
 * A search of one store: the segments most similar to {@code queryEmbedding} by cosine, best first, among those
 * {@code filter} selects.
 *
 * @param queryEmbedding the vector to compare with, of the store's dimension
 * @param maxResults how many segments at most, 1 to {@value Segments#MAX_RESULTS}
 * @param minCosine the least cosine similarity a match has (-1 keeps every one)
 * @param filter the metadata condition, or {@code null} for every segment of the store
 */
public record SegmentQuery(float[] queryEmbedding, int maxResults, double minCosine, SegmentFilter filter) {
}
