/** Embedded segments for one caller: {@link dev.colony.core.internal.segment.SegmentService}. */
package dev.colony.core.internal.segment;
