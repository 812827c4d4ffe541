package dev.colony.tool.example;

import dev.colony.api.ColonyException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** The {@code repo_root} argument as a path; the library checks the rest (absolute, no {@code ..}, a directory). */
final class RepoRootArgument {

    private RepoRootArgument() {
    }

    static Path of(String repoRoot) {
        try {
            return Path.of(repoRoot);
        } catch (InvalidPathException e) {
            throw ColonyException.invalid("repo_root", "is not a path on this system");
        }
    }
}
