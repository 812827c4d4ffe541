package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * What an archive did.
 *
 * @param status archived, or blocked or refused with nothing written
 * @param archivedPath the archived change's directory, relative to the repository root; {@code null} unless archived
 * @param mergedRootHash the root hash of the merged {@code SPEC.md}; {@code null} unless archived
 * @param conflicts the conflicts found; for {@link MergeStrategy#LAST_WRITER_WINS} those it overrode
 * @param applied the target ids whose delta changed the root, in delta order
 */
public record ArchiveResult(ArchiveStatus status, String archivedPath, String mergedRootHash,
        List<MergeConflict> conflicts, List<String> applied) {

    /** Checks the status and copies the lists. */
    public ArchiveResult {
        Objects.requireNonNull(status, "status");
        conflicts = List.copyOf(conflicts);
        applied = List.copyOf(applied);
    }
}
