package dev.colony.core.internal.spec;

/**
 * The steps of an archive, and a seam after each: tests stop an archive after a step (by throwing) to leave the
 * state a crash there would leave, then check that the next call repairs it. Production code passes {@link #NONE}.
 */
@FunctionalInterface
interface ArchiveSteps {

    /** No seam: every step runs. */
    ArchiveSteps NONE = step -> {
    };

    /** The steps, in order. */
    enum Step {
        /** The merged root is in its temporary file, forced to disk. */
        TEMP_WRITTEN,
        /** The marker (merged hash and archive name) is in the change's directory. */
        MARKER_WRITTEN,
        /** The merged root replaced {@code SPEC.md}. */
        ROOT_RENAMED,
        /** The change's directory moved into the archive (the marker with it). */
        CHANGE_MOVED
    }

    /** Called after {@code step} is done. */
    void reached(Step step);
}
