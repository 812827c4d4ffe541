/**
 * Rescue: finding sessions that went silent while holding claims, and handing their work back to the colony.
 *
 * <p>A scan changes nothing; a run, which must be confirmed, relays each stranded thread to any agent (the
 * relay lists the files, so whoever accepts it claims them), releases the stranded session's file claims and
 * puts its plan sub-tasks back to available, in one transaction. Start from
 * {@link dev.colony.api.rescue.Rescues}.
 */
package dev.colony.api.rescue;
