package dev.colony.api.segment;

import java.util.Map;

/**
 * One stored segment: its id (unique within its store), its embedding (computed by the caller, any dimension
 * but the same for the whole store), its text (absent when only a vector is stored) and its metadata.
 *
 * <p>Metadata values are typed and come back with the type they were stored with: {@code String} (kept exactly,
 * "" and " " included), {@code java.util.UUID}, {@code Integer}, {@code Long}, {@code Float}, {@code Double} or
 * {@code Boolean}.
 * The array is not copied: do not change it after handing it over.
 *
 * @param id the segment id, at most {@value Segments#MAX_ID_LENGTH} characters
 * @param embedding the vector
 * @param text the text, or {@code null}
 * @param metadata the metadata, never null (empty when there is none)
 */
public record Segment(String id, float[] embedding, String text, Map<String, Object> metadata) {
}
