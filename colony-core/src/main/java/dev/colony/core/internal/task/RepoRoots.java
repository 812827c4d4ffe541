package dev.colony.core.internal.task;

import dev.colony.api.ColonyException;
import dev.colony.api.task.TaskLimits;
import dev.colony.core.internal.kernel.Check;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * The one spelling of a repository root, so that every way of writing the same directory names the
 * same task thread: {@code /a/b/../b/}, {@code /a/./b} and {@code /a//b} all become {@code /a/b}.
 *
 * <p>Normalisation is textual and the same on every platform (the store may be shared by machines
 * of different kinds): backslashes count as separators, {@code .} and empty segments are dropped,
 * {@code ..} removes the segment before it and never climbs above the root. Links in the file system
 * are not followed: the process that names a root may not see the same file system as this one.
 */
public final class RepoRoots {

    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:");

    private RepoRoots() {
    }

    /**
     * The normalised form of {@code repoRoot}.
     *
     * @param field the argument name to report in errors
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} when it is missing, blank,
     *     too long, holds control characters or is not absolute ({@code /…} or a drive such as {@code C:\…})
     */
    public static String normalise(String field, String repoRoot) {
        String text = Check.text(field, repoRoot, TaskLimits.MAX_REPO_ROOT_CHARS).replace('\\', '/');
        String prefix;
        String rest;
        if (text.startsWith("/")) {
            prefix = "/";
            rest = text.substring(1);
        } else if (text.length() >= 3 && DRIVE.matcher(text.substring(0, 2)).matches() && text.charAt(2) == '/') {
            prefix = Character.toUpperCase(text.charAt(0)) + ":/";
            rest = text.substring(3);
        } else {
            throw ColonyException.invalid(field, "must be an absolute path, was '" + repoRoot.strip() + "'");
        }
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : rest.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                segments.pollLast();
            } else {
                segments.addLast(segment);
            }
        }
        return prefix + String.join("/", segments);
    }

    /** {@link #normalise} for an optional filter: {@code null} stays {@code null}. */
    public static String normaliseOptional(String field, String repoRoot) {
        return repoRoot == null ? null : normalise(field, repoRoot);
    }
}
