/**
 * Read-only compositions of several areas for one caller: {@link dev.colony.core.readmodel.BriefingService}
 * (what a new session should know first).
 */
package dev.colony.core.readmodel;
