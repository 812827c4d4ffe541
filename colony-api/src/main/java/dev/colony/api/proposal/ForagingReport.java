package dev.colony.api.proposal;

import java.util.List;

/**
 * The proposals of one branch: those still gathering support, strongest first, and those already promoted,
 * newest first.
 *
 * @param pending pending proposals whose strength is at or above {@link Proposals#NOISE_FLOOR}
 * @param promoted promoted proposals
 * @param faded how many pending proposals were left out for having faded below the noise floor
 */
public record ForagingReport(List<Proposal> pending, List<Proposal> promoted, int faded) {

    /** Copies the lists. */
    public ForagingReport {
        pending = List.copyOf(pending);
        promoted = List.copyOf(promoted);
    }
}
