package dev.colony.tool.spec;

import dev.colony.api.ColonyException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** The repository root of a spec tool's call as a path; the library checks the rest. */
final class SpecPaths {

    private SpecPaths() {
    }

    /** {@code repoRoot} as a path, refused naming {@code repo_root} when the platform cannot spell it. */
    static Path repoRoot(String repoRoot) {
        try {
            return Path.of(repoRoot);
        } catch (InvalidPathException e) {
            throw ColonyException.invalid("repo_root", "is not a valid path");
        }
    }
}
