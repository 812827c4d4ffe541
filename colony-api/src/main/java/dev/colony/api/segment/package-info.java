/**
 * Embedded segments: texts with caller-supplied vectors and typed metadata, kept in named stores in the
 * caller's personal namespace, found by cosine similarity (or by cosine and keywords fused) among the rows a {@link
 * dev.colony.api.segment.SegmentFilter} selects in the store. What agent frameworks' embedding stores hold; start
 * from {@link dev.colony.api.segment.Segments}.
 */
package dev.colony.api.segment;
