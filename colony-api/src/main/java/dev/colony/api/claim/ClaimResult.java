package dev.colony.api.claim;

import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import java.util.Objects;

/**
 * A successful claim.
 *
 * @param observation the audit memory ({@code claim}) written on the thread's timeline
 * @param outcome what the claim did
 * @param claim the claim as it now stands
 * @param previousOwner the session that held the file before, when another one did; else {@code null}
 */
public record ClaimResult(MemoryId observation, ClaimOutcome outcome, FileClaim claim, SessionId previousOwner) {

    /** Checks the required components. */
    public ClaimResult {
        Objects.requireNonNull(observation, "observation");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(claim, "claim");
    }
}
