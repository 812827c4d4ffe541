/**
 * Task threads: opening a thread by repository root and branch, joining it, listing threads and
 * their participants, with every read and write through the access gate.
 *
 * <p>{@link dev.colony.core.task.RepoRoots} gives repository roots their one spelling, so that the
 * same directory written two ways is the same thread.
 */
package dev.colony.core.task;
