package dev.colony.api.spec;

import dev.colony.api.TaskId;
import java.util.Objects;

/**
 * A change just opened.
 *
 * @param task the task thread {@code spec/<slug>} of the repository
 * @param path the change's file, relative to the repository root ({@code openspec/changes/<slug>/CHANGE.md})
 * @param baseRootHash the root hash of {@code SPEC.md} the change is based on
 */
public record OpenedChange(TaskId task, String path, String baseRootHash) {

    /** Checks the components. */
    public OpenedChange {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(baseRootHash, "baseRootHash");
    }
}
