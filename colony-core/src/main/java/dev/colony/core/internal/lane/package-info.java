/**
 * Lanes ({@link dev.colony.api.lane.Lanes}): one per visible session, classified on read from its
 * heartbeat and its latest edit or claim, with the thread it touched last and the files it holds.
 */
package dev.colony.core.internal.lane;
