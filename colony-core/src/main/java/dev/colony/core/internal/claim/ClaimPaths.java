package dev.colony.core.internal.claim;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.internal.kernel.Check;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;

/**
 * The one spelling of a claimed file: relative to the thread's repository root, {@code /}-separated,
 * without {@code .}, {@code ..} or empty segments. {@code src/A.java}, {@code ./src//A.java} and
 * {@code /repo/src/A.java} (for the root {@code /repo}) are the same claim.
 *
 * <p>Refused with {@code INVALID_CLAIM_PATH} and a reason: an empty path, a pseudo path such as
 * {@code /dev/null}, a path outside the root (or absolute when the thread has no root), a path that
 * names a directory (a trailing separator, the root itself, or a directory that exists on this
 * machine). Normalisation is textual, as for repository roots; the file system is asked only whether
 * an existing path is a directory.
 */
public final class ClaimPaths {

    /** The longest claimed path, after normalisation. */
    public static final int MAX_PATH_CHARS = 1_024;

    private static final Set<String> PSEUDO_PREFIXES = Set.of("/dev/", "/proc/", "/sys/");
    private static final Set<String> PSEUDO_NAMES = Set.of("nul", "con", "prn", "aux");

    private ClaimPaths() {
    }

    /**
     * The normalised repo-relative form of {@code path}.
     *
     * @param field the argument name to report
     * @param repoRoot the thread's normalised repository root, or {@code null}
     * @throws ColonyException {@code INVALID_CLAIM_PATH} naming {@code field}, with the reason
     */
    public static String normalise(String field, String repoRoot, String path) {
        if (path == null || Check.blank(path)) {
            throw invalid(field, "is empty; name one file");
        }
        Check.wellFormed(field, path);
        String text = path.strip();
        for (int i = 0; i < text.length(); i++) {
            if (Character.isISOControl(text.charAt(i))) {
                throw invalid(field, "contains control characters");
            }
        }
        text = text.replace('\\', '/');
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.equals("/dev/null") || PSEUDO_PREFIXES.stream().anyMatch(lower::startsWith)
                || PSEUDO_NAMES.contains(lower)) {
            throw invalid(field, "'" + text + "' is a pseudo path, not a file of the repository");
        }
        if (text.endsWith("/")) {
            throw invalid(field, "'" + text + "' names a directory; claim files one by one");
        }
        String relative;
        boolean absolute = text.startsWith("/") || (text.length() >= 3 && Character.isLetter(text.charAt(0))
                && text.charAt(1) == ':' && text.charAt(2) == '/');
        if (absolute) {
            if (repoRoot == null) {
                throw invalid(field, "'" + text + "' is absolute but the thread has no repo_root; give a relative path");
            }
            String full = join(segments(text.startsWith("/") ? text.substring(1) : text.substring(3), true));
            String prefix = text.startsWith("/") ? "" : Character.toUpperCase(text.charAt(0)) + ":/";
            String root = repoRoot.startsWith("/") ? repoRoot.substring(1) : repoRoot.substring(3);
            String rootPrefix = repoRoot.startsWith("/") ? "" : repoRoot.substring(0, 3);
            if (!prefix.equals(rootPrefix)) {
                throw outside(field, text, repoRoot);
            }
            if (full.equals(root)) {
                throw invalid(field, "'" + text + "' is the repository root, a directory");
            }
            if (!root.isEmpty() && !full.startsWith(root + "/")) {
                throw outside(field, text, repoRoot);
            }
            relative = root.isEmpty() ? full : full.substring(root.length() + 1);
        } else {
            Deque<String> segments = segments(text, false);
            if (segments == null) {
                throw outside(field, text, repoRoot);
            }
            relative = join(segments);
            if (relative.isEmpty()) {
                throw invalid(field, "'" + text + "' is the repository root, a directory");
            }
        }
        if (relative.length() > MAX_PATH_CHARS) {
            throw invalid(field, "must be at most " + MAX_PATH_CHARS + " characters, was " + relative.length());
        }
        if (repoRoot != null && isDirectoryHere(repoRoot, relative)) {
            throw invalid(field, "'" + relative + "' is a directory in " + repoRoot + "; claim files one by one");
        }
        return relative;
    }

    /** The segments of {@code rest}, or {@code null} when {@code ..} climbs above the start (unless clamped). */
    private static Deque<String> segments(String rest, boolean clamp) {
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : rest.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (segments.isEmpty() && !clamp) {
                    return null;
                }
                segments.pollLast();
            } else {
                segments.addLast(segment);
            }
        }
        return segments;
    }

    private static String join(Deque<String> segments) {
        return String.join("/", segments);
    }

    private static boolean isDirectoryHere(String repoRoot, String relative) {
        try {
            Path root = Path.of(repoRoot);
            return Files.isDirectory(root) && Files.isDirectory(root.resolve(relative));
        } catch (InvalidPathException | SecurityException e) {
            return false;
        }
    }

    private static ColonyException outside(String field, String text, String repoRoot) {
        return invalid(field, "'" + text + "' lies outside repo_root " + repoRoot);
    }

    private static ColonyException invalid(String field, String reason) {
        return ColonyException.about(ErrorCode.INVALID_CLAIM_PATH, field, reason);
    }
}
