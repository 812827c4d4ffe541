/**
 * Read-only compositions of several areas for one caller: {@link dev.colony.core.internal.readmodel.BriefingService}
 * (what a new session should know first), {@link dev.colony.core.internal.readmodel.AutopilotService} (the next step) and
 * {@link dev.colony.core.internal.readmodel.ResumeService} (where the caller stands). The last two read every part in one
 * transaction.
 */
package dev.colony.core.internal.readmodel;
