package dev.colony.api.spec;

import java.util.Objects;

/**
 * What recording a build failure did.
 *
 * @param action logged, proposed or reinforced
 * @param signatureHash the failure's signature (see {@link SpecChanges#recordFailure})
 * @param matchCount the {@code §B} rows of this signature in the change, this one included
 * @param proposalId the proposal of the signature's invariant, or {@code null} while there is none
 */
public record RecordedFailure(FailureAction action, String signatureHash, int matchCount, Long proposalId) {

    /** Checks the required components. */
    public RecordedFailure {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(signatureHash, "signatureHash");
    }
}
