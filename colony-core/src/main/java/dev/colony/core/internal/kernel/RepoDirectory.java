package dev.colony.core.internal.kernel;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.task.TaskLimits;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The repository directory a caller names for the spec files and the foraged examples: absolute, without
 * {@code ..}, existing, a directory, resolved to its real path (two spellings of one directory are one repository).
 * Every refusal names {@code repo_root}. What may be read or written under it is each area's own rule.
 */
public final class RepoDirectory {

    private static final String FIELD = "repo_root";

    private RepoDirectory() {
    }

    /** The real path of {@code repoRoot}, after the checks. */
    public static Path real(Path repoRoot) {
        if (repoRoot == null) {
            throw ColonyException.invalid(FIELD, "is required");
        }
        if (!repoRoot.isAbsolute()) {
            throw ColonyException.invalid(FIELD, "must be an absolute path");
        }
        for (Path name : repoRoot) {
            if (name.toString().equals("..")) {
                throw ColonyException.invalid(FIELD, "must not contain '..'");
            }
        }
        Path real;
        try {
            real = repoRoot.toRealPath();
        } catch (NoSuchFileException e) {
            throw ColonyException.about(ErrorCode.NOT_FOUND, FIELD, "no directory " + repoRoot);
        } catch (AccessDeniedException e) {
            throw ColonyException.invalid(FIELD, "is not readable");
        } catch (IOException e) {
            throw ColonyException.invalid(FIELD, "cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (!Files.isDirectory(real)) {
            throw ColonyException.invalid(FIELD, "is not a directory");
        }
        if (real.toString().length() > TaskLimits.MAX_REPO_ROOT_CHARS) {
            throw ColonyException.invalid(FIELD, "is at most " + TaskLimits.MAX_REPO_ROOT_CHARS + " characters");
        }
        return real;
    }

    /** {@code path} relative to {@code root}, with {@code /} between names on every platform. */
    public static String relative(Path root, Path path) {
        StringBuilder text = new StringBuilder();
        for (Path name : root.relativize(path)) {
            if (text.length() > 0) {
                text.append('/');
            }
            text.append(name);
        }
        return text.toString();
    }
}
