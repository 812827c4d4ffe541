package dev.colony.api.plan;

import dev.colony.api.SessionId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The ready queue's answer.
 *
 * @param ready the entries, best first: the caller's current sub-task, then urgent ones, then by fit score
 * @param totalAvailable how many sub-tasks are claimable now in all
 * @param released sub-tasks this call released from sessions gone idle
 * @param autoClaimed the sub-task this call claimed for the caller, or {@code null}
 * @param autoClaimError why the unambiguous candidate could not be claimed (someone was faster), or {@code null}
 */
public record ReadyWork(List<ReadyEntry> ready, int totalAvailable, List<Released> released,
        SubtaskClaim autoClaimed, String autoClaimError) {

    /** Copies the lists. */
    public ReadyWork {
        ready = List.copyOf(ready);
        released = List.copyOf(released);
    }

    /**
     * A sub-task released from a stale holder.
     *
     * @param planSlug its plan
     * @param subtaskIndex its index
     * @param session the session that held it
     * @param agent that session's agent
     * @param claimedAt when it was claimed
     */
    public record Released(String planSlug, int subtaskIndex, SessionId session, String agent, Instant claimedAt) {

        /** Checks the required components. */
        public Released {
            Objects.requireNonNull(planSlug, "planSlug");
            Objects.requireNonNull(session, "session");
        }
    }
}
