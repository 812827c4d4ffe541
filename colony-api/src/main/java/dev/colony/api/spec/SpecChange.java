package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * An open change, as its {@code CHANGE.md} says.
 *
 * @param slug the change's kebab-case name
 * @param baseRootHash the root hash it is based on
 * @param proposal the text of its {@code §P} section, trimmed
 * @param deltas its {@code §S} delta rows, in order
 * @param bugs its {@code §B} rows (recorded build failures), in order
 */
public record SpecChange(String slug, String baseRootHash, String proposal, List<SpecDelta> deltas,
        List<SpecRow> bugs) {

    /** Checks the components and copies the lists. */
    public SpecChange {
        Objects.requireNonNull(slug, "slug");
        Objects.requireNonNull(baseRootHash, "baseRootHash");
        Objects.requireNonNull(proposal, "proposal");
        deltas = List.copyOf(deltas);
        bugs = List.copyOf(bugs);
    }
}
