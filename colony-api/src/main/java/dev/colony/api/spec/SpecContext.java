package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * What a build task of {@code §T} must respect, and nothing more: the task's row, the rows it cites (and the rows
 * those cite, one level further), and the always-on invariants, with a compact text an agent reads before it starts.
 *
 * <p>A row cites others in its last cell: ids separated by commas or blanks ({@code V2,V3.always}); {@code -} cites
 * nothing, and words that are not ids (a capital letter followed by a digit or a dot, as in {@code V1},
 * {@code V.3}, {@code I.config}) are prose, not cites.
 *
 * @param task the task's row
 * @param citedIds the ids cited, directly first, in order of first citation; ids no row has are left out
 * @param missingIds the ids cited that no row of the spec has (a stale cite, worth fixing)
 * @param cited the rows of {@code citedIds}, in the same order
 * @param alwaysInvariants the always-on invariants (see {@link SpecDocument#alwaysInvariants()})
 * @param rendered the context as text: the goal, the task, the cited rows and the always-on invariants
 */
public record SpecContext(SpecRow task, List<String> citedIds, List<String> missingIds, List<SpecRow> cited,
        List<SpecRow> alwaysInvariants, String rendered) {

    /** Checks the components and copies the lists. */
    public SpecContext {
        Objects.requireNonNull(task, "task");
        citedIds = List.copyOf(citedIds);
        missingIds = List.copyOf(missingIds);
        cited = List.copyOf(cited);
        alwaysInvariants = List.copyOf(alwaysInvariants);
        Objects.requireNonNull(rendered, "rendered");
    }
}
