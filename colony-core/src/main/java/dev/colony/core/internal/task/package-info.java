/**
 * Task threads: opening a thread by repository root and branch, joining it, listing threads and
 * their participants, with every read and write through the access gate.
 *
 * <p>{@link dev.colony.core.internal.task.RepoRoots} gives repository roots their one spelling, so that the
 * same directory written two ways is the same thread. {@link dev.colony.core.internal.task.ThreadCaller} is one caller on
 * threads inside another service's transaction (its own session, the threads it may read and write, joining), and
 * {@link dev.colony.core.internal.task.AuditTrail} the audit memories its changes leave on a thread's timeline: claims,
 * batons, plans, proposals and rescue share both.
 */
package dev.colony.core.internal.task;
