package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * One delta row of a change's {@code §S} section.
 *
 * @param id the delta's own row id ({@code D1}, {@code D2}, …)
 * @param op what it does
 * @param target the root row id it targets
 * @param cells the target row's new cells after its id (empty for a removal)
 */
public record SpecDelta(String id, DeltaOp op, String target, List<String> cells) {

    /** Checks the components and copies the cells. */
    public SpecDelta {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(target, "target");
        cells = List.copyOf(cells);
    }
}
