package dev.colony.tool.spec;

import dev.colony.api.ColonyException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** The {@code repo_root} argument of the spec tools as a path; the library checks the rest. */
final class RepoPaths {

    private RepoPaths() {
    }

    /**
     * The path {@code repoRoot} names.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} on {@code repo_root} when it is no path of this system
     */
    static Path of(String repoRoot) {
        try {
            return Path.of(repoRoot);
        } catch (InvalidPathException e) {
            throw ColonyException.invalid("repo_root", "is not a path: " + e.getReason());
        }
    }
}
