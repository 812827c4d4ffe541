/**
 * Batons: passing work from one session to another on a task thread.
 *
 * <p>A {@link dev.colony.api.baton.Baton} is either a handoff (the sender stays reachable and hands
 * over named files, {@link dev.colony.api.baton.Handoffs}) or a relay (the sender may be gone: quota,
 * rate limit, turn cap; its claims wait for the receiver, {@link dev.colony.api.baton.Relays}). Both
 * share one state machine (pending, then accepted, cancelled or expired), stored with an explicit
 * status and a version and changed only by compare-and-set. {@link dev.colony.api.baton.QuotaBatons}
 * works on the claims a relay left waiting. A baton's id is the id of the audit memory that announced
 * it on the thread's timeline.
 */
package dev.colony.api.baton;
