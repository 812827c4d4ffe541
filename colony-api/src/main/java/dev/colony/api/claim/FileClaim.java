package dev.colony.api.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import java.time.Instant;
import java.util.Objects;

/**
 * One file's claim on a task thread, as read now.
 *
 * @param task the thread
 * @param filePath the file, relative to the thread's repository root, with {@code /} separators
 * @param session the session that holds (or last held) it
 * @param agent that session's agent name
 * @param state the effective state: a stored pending claim whose baton ran out reads as weak
 * @param age the age class, from {@code claimedAt} and the Colony's clock
 * @param claimedAt when it was last claimed or refreshed
 * @param expiresAt when a pending claim stops waiting for its baton, else {@code null}
 * @param baton the handoff or relay the claim waits for, else {@code null}
 * @param version the compare-and-set version
 */
public record FileClaim(TaskId task, String filePath, SessionId session, String agent, ClaimState state,
        ClaimAge age, Instant claimedAt, Instant expiresAt, MemoryId baton, long version) {

    /** Checks the required components. */
    public FileClaim {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(filePath, "filePath");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(age, "age");
        Objects.requireNonNull(claimedAt, "claimedAt");
    }

    /** Whether this claim is ownership now: active and fresh. */
    public boolean owning() {
        return state == ClaimState.ACTIVE && age == ClaimAge.FRESH;
    }
}
