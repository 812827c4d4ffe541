package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;

/**
 * The claims a baton left waiting ("quota-pending" claims, after a relay for quota, rate limit or
 * turn cap), seen from the claim side. A baton is named by its id or by one of its pending files.
 */
public interface QuotaBatons {

    /**
     * Adopts every pending claim of the baton for the caller's session and marks the baton accepted.
     *
     * @param baton the baton, or {@code null} to find it by {@code filePath}
     * @param filePath a file whose claim waits for the baton, or {@code null}
     * @throws dev.colony.api.ColonyException as {@link Relays#accept}; {@code NOT_FOUND} naming
     *     {@code file_path} when no pending claim matches
     */
    Acceptance accept(TaskId task, MemoryId baton, String filePath);

    /**
     * Declines a pending claim for the caller without cancelling its baton: the baton is addressed to
     * any agent instead, so another one can adopt it, and a {@code decline} post records the reason.
     *
     * @throws dev.colony.api.ColonyException as {@link #accept}
     */
    Baton decline(TaskId task, MemoryId baton, String filePath, String reason);

    /**
     * Weakens the thread's pending claims whose baton ran out (one {@code claim-weakened} audit
     * memory per claim, however many callers release at once) and writes expired batons back as
     * expired. With {@code baton} or {@code filePath} only the matching ones; with neither, all.
     */
    QuotaRelease releaseExpired(TaskId task, MemoryId baton, String filePath);
}
