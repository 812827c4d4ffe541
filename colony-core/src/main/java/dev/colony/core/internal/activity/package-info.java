/**
 * Recorded file edits and file heat ({@link dev.colony.api.activity.FileActivity}): the edit is one
 * write transaction as the caller's session; heat is computed on read from the edits and claims of the
 * threads in scope, decayed from the injected clock.
 */
package dev.colony.core.internal.activity;
