package dev.colony.api.baton;

import dev.colony.api.TaskId;
import java.time.Duration;
import java.util.List;

/**
 * What a sender hands off.
 *
 * @param task the thread
 * @param toAgent the agent name or type to address, or {@code any}
 * @param summary what was done and what is left
 * @param nextSteps concrete next steps, possibly empty
 * @param blockers known blockers, possibly empty
 * @param transferredFiles files whose claims move to the receiver, possibly empty
 * @param expiresIn how long the handoff waits, or {@code null} for {@link BatonLimits#HANDOFF_DEFAULT_TTL}
 */
public record HandoffRequest(TaskId task, String toAgent, String summary, List<String> nextSteps,
        List<String> blockers, List<String> transferredFiles, Duration expiresIn) {

    /** A handoff of {@code summary} on {@code task} to {@code toAgent}, with nothing else. */
    public static HandoffRequest of(TaskId task, String toAgent, String summary) {
        return new HandoffRequest(task, toAgent, summary, List.of(), List.of(), List.of(), null);
    }

    /** This request with these files handed over. */
    public HandoffRequest withFiles(List<String> files) {
        return new HandoffRequest(task, toAgent, summary, nextSteps, blockers, files, expiresIn);
    }

    /** This request with another time to live. */
    public HandoffRequest expiringIn(Duration ttl) {
        return new HandoffRequest(task, toAgent, summary, nextSteps, blockers, transferredFiles, ttl);
    }
}
