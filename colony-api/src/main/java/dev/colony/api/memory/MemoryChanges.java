package dev.colony.api.memory;

import java.util.List;
import java.util.Objects;

/**
 * A page of the change feed as a caller sees it (see {@link MemoryStore#changes}).
 *
 * @param changes the changes the caller may see, in rev order
 * @param nextRev the rev to ask after next: the last one read, seen or not, so a page of changes the caller may not
 *     see still moves the reader on
 */
public record MemoryChanges(List<MemoryChange> changes, long nextRev) {

    /** Copies the list. */
    public MemoryChanges {
        changes = List.copyOf(Objects.requireNonNull(changes, "changes"));
    }
}
