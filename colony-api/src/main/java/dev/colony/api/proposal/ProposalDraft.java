package dev.colony.api.proposal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A proposal as its author writes it. Nothing is checked here: the registry checks every field and names
 * the one at fault.
 *
 * @param repoRoot the repository (absolute path)
 * @param branch the branch the work would start from
 * @param summary the change, one line
 * @param rationale why, or {@code null}
 * @param touchesFiles the files it would change, relative to {@code repoRoot} (may be empty)
 */
public record ProposalDraft(String repoRoot, String branch, String summary, String rationale,
        List<String> touchesFiles) {

    /** Copies the files (which may hold nulls, for the registry to refuse); {@code null} means none. */
    public ProposalDraft {
        touchesFiles = touchesFiles == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(touchesFiles));
    }
}
