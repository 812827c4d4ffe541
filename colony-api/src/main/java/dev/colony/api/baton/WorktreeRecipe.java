package dev.colony.api.baton;

import java.util.List;

/**
 * How a relay's receiver rebuilds the sender's working tree.
 *
 * @param baseBranch the branch to start from, or {@code null} when the sender did not say
 * @param inheritClaims the files whose claims wait for the receiver
 * @param fetchFilesAt a commit or ref holding the sender's files, or {@code null}
 * @param untrackedFilesWarning a warning when no {@code fetchFilesAt} was given (dirty or untracked files
 *     may exist only in the sender's tree), else {@code null}
 */
public record WorktreeRecipe(String baseBranch, List<String> inheritClaims, String fetchFilesAt,
        String untrackedFilesWarning) {

    /** Copies the list. */
    public WorktreeRecipe {
        inheritClaims = List.copyOf(inheritClaims);
    }
}
