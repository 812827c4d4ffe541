package dev.colony.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The task thread an MCP server joins when it starts: the one of the repository root and branch it was
 * started in, the way a session-start hook opens the thread of a Claude Code session. MCP clients
 * have no such hook, so the server does it itself.
 *
 * <p>The key comes from the {@code --repo-root} and {@code --branch} options when given; what they
 * leave out is read from the git work tree around the working directory (or around the given root).
 * Reading it opens two small files and runs no {@code git} process: the work tree's {@code .git} entry
 * (a directory, or for a linked worktree a file naming the git directory) and its {@code HEAD}. A
 * detached {@code HEAD} has no branch, so no thread is joined then.
 *
 * @param repoRoot the repository root, or {@code null} when there is none
 * @param branch the branch, or {@code null} when there is none
 */
public record StartupThread(String repoRoot, String branch) {

    /** Join no thread at start-up. */
    public static final StartupThread NONE = new StartupThread(null, null);

    private static final String REF_PREFIX = "ref: refs/heads/";
    private static final String GITDIR_PREFIX = "gitdir:";
    private static final int MAX_OPTION_CHARS = 1024;

    /** Whether there is a thread to join: both the root and the branch are known. */
    public boolean present() {
        return repoRoot != null && branch != null;
    }

    /**
     * The thread to join: the options where given, the git work tree for the rest.
     *
     * @param repoRootOption the {@code --repo-root} option, or {@code null}
     * @param branchOption the {@code --branch} option, or {@code null}
     * @param workingDirectory where the server runs
     */
    public static StartupThread resolve(String repoRootOption, String branchOption, Path workingDirectory) {
        String root = absolute(sane(repoRootOption), workingDirectory);
        String branch = sane(branchOption);
        if (root != null && branch != null) {
            return new StartupThread(root, branch);
        }
        Optional<StartupThread> detected = detect(root != null ? safePath(root) : workingDirectory);
        return new StartupThread(root != null ? root : detected.map(StartupThread::repoRoot).orElse(null),
                branch != null ? branch : detected.map(StartupThread::branch).orElse(null));
    }

    /**
     * The work tree that contains {@code start} (its top directory and checked-out branch), found by
     * walking up to the nearest {@code .git}; empty outside a work tree or when it cannot be read. The
     * branch is {@code null} for a detached {@code HEAD}.
     */
    public static Optional<StartupThread> detect(Path start) {
        if (start == null) {
            return Optional.empty();
        }
        try {
            for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
                Path dotGit = dir.resolve(".git");
                if (Files.isDirectory(dotGit)) {
                    return Optional.of(new StartupThread(sane(dir.toString()), branchOf(dotGit)));
                }
                if (Files.isRegularFile(dotGit)) {
                    Path gitDir = linkedGitDir(dir, dotGit);
                    return Optional.of(new StartupThread(sane(dir.toString()), gitDir == null ? null
                            : branchOf(gitDir)));
                }
            }
        } catch (IOException | SecurityException | InvalidPathException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The git directory a linked worktree's {@code .git} file names, or {@code null}. */
    private static Path linkedGitDir(Path workTree, Path dotGitFile) throws IOException {
        String text = Files.readString(dotGitFile, StandardCharsets.UTF_8).strip();
        if (!text.startsWith(GITDIR_PREFIX)) {
            return null;
        }
        Path gitDir = Path.of(text.substring(GITDIR_PREFIX.length()).strip());
        return gitDir.isAbsolute() ? gitDir : workTree.resolve(gitDir).normalize();
    }

    /** The branch {@code HEAD} points at, or {@code null} when detached or unreadable. */
    private static String branchOf(Path gitDir) throws IOException {
        Path head = gitDir.resolve("HEAD");
        if (!Files.isRegularFile(head)) {
            return null;
        }
        String text = Files.readString(head, StandardCharsets.UTF_8).strip();
        return text.startsWith(REF_PREFIX) ? sane(text.substring(REF_PREFIX.length())) : null;
    }

    /** A relative root option taken against the working directory, like a shell would. */
    private static String absolute(String root, Path workingDirectory) {
        if (root == null) {
            return null;
        }
        Path path = safePath(root);
        if (path == null) {
            return null;
        }
        if (!path.isAbsolute() && workingDirectory != null) {
            path = workingDirectory.resolve(path);
        }
        return path.toAbsolutePath().normalize().toString();
    }

    /** An option value fit to name a thread: stripped, not blank, one short line; otherwise {@code null}. */
    private static String sane(String value) {
        String text = blankToNull(value);
        if (text == null || text.length() > MAX_OPTION_CHARS) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            if (Character.isISOControl(text.charAt(i))) {
                return null;
            }
        }
        return text;
    }

    private static Path safePath(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
