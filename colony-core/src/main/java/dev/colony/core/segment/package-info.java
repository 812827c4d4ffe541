/** Embedded segments for one caller: {@link dev.colony.core.segment.SegmentService}. */
package dev.colony.core.segment;
