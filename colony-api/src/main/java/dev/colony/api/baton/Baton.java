package dev.colony.api.baton;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A handoff or relay as read now.
 *
 * @param id the baton: the id of the audit memory that announced it
 * @param kind handoff or relay
 * @param task the thread
 * @param status the effective status: a pending baton past {@code expiresAt} reads as expired
 * @param fromSession the sender's session
 * @param fromAgent the sender's agent name
 * @param toAgent the agent name (or agent type) it is addressed to, or {@code any}
 * @param summary the handoff summary or the relay's one-line description
 * @param reason the relay reason, {@code null} for a handoff
 * @param nextSteps what the receiver should do next (handoffs)
 * @param blockers what stands in the way (handoffs)
 * @param files the handed-off files, or the files whose claims wait for a relay's receiver
 * @param recipe how to rebuild the sender's tree (relays), else {@code null}
 * @param resumable recent thread activity (relays), else {@code null}
 * @param createdAt when it was sent
 * @param expiresAt when it stops waiting
 * @param resolvedBy the session that accepted or declined it, else {@code null}
 * @param resolvedAt when it was accepted, declined or written back as expired, else {@code null}
 * @param declineReason the reason a receiver gave when declining, else {@code null}
 * @param version the compare-and-set version
 */
public record Baton(MemoryId id, BatonKind kind, TaskId task, BatonStatus status, SessionId fromSession,
        String fromAgent, String toAgent, String summary, RelayReason reason, List<String> nextSteps,
        List<String> blockers, List<String> files, WorktreeRecipe recipe, ResumableState resumable,
        Instant createdAt, Instant expiresAt, SessionId resolvedBy, Instant resolvedAt, String declineReason,
        long version) {

    /** Checks the required components and copies the lists. */
    public Baton {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(fromSession, "fromSession");
        Objects.requireNonNull(toAgent, "toAgent");
        nextSteps = List.copyOf(nextSteps);
        blockers = List.copyOf(blockers);
        files = List.copyOf(files);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
