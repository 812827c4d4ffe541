package dev.colony.api.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A goal to split into a plan without writing the sub-tasks by hand. Nothing is checked here: the registry
 * checks every field and names the one at fault.
 *
 * @param repoRoot the repository (absolute path)
 * @param title what the goal achieves; it names the plan and gives its slug
 * @param problem why, or {@code null}
 * @param acceptanceCriteria how to tell it is done
 * @param affectedFiles the files it will change, relative to {@code repoRoot}; they are grouped into sub-tasks
 * @param ordering how the implementation sub-tasks are ordered
 * @param finalizer what the closing sub-task checks, or {@code null} for the acceptance criteria
 */
public record Goal(String repoRoot, String title, String problem, List<String> acceptanceCriteria,
        List<String> affectedFiles, Ordering ordering, String finalizer) {

    /** Copies the lists (which may hold nulls, for the registry to refuse); {@code null} means none. */
    public Goal {
        acceptanceCriteria = copy(acceptanceCriteria);
        affectedFiles = copy(affectedFiles);
        ordering = ordering == null ? Ordering.WAVE : ordering;
    }

    private static List<String> copy(List<String> values) {
        return values == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** How the sub-tasks of a goal follow each other. */
    public enum Ordering {
        /** Implementation sub-tasks side by side; tests and docs after all of them; the check last. */
        WAVE,
        /** Every sub-task after the one before it. */
        SERIAL
    }
}
