package dev.colony.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the start-up thread: options first, then the git work tree around the working directory. */
class StartupThreadTest {

    @TempDir
    Path dir;

    private Path repository(String name, String head) throws IOException {
        Path root = dir.resolve(name);
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git").resolve("HEAD"), head);
        return root;
    }

    @Test
    void aWorkTreeGivesItsTopDirectoryAndBranchFromAnySubdirectory() throws IOException {
        Path root = repository("app", "ref: refs/heads/feature/login\n");
        Path deep = Files.createDirectories(root.resolve("src/main/java"));

        StartupThread thread = StartupThread.resolve(null, null, deep);

        assertThat(thread).isEqualTo(new StartupThread(root.toString(), "feature/login"));
        assertThat(thread.present()).isTrue();
    }

    @Test
    void aLinkedWorktreeReadsTheBranchFromTheGitDirectoryItsFileNames() throws IOException {
        Path main = repository("main", "ref: refs/heads/main\n");
        Path gitDir = Files.createDirectories(main.resolve(".git/worktrees/side"));
        Files.writeString(gitDir.resolve("HEAD"), "ref: refs/heads/side-branch\n");
        Path side = Files.createDirectories(dir.resolve("side"));
        Files.writeString(side.resolve(".git"), "gitdir: " + gitDir + "\n");

        assertThat(StartupThread.resolve(null, null, side)).isEqualTo(new StartupThread(side.toString(),
                "side-branch"));
    }

    @Test
    void aDetachedHeadOrNoWorkTreeJoinsNothing() throws IOException {
        Path detached = repository("detached", "4b825dc642cb6eb9a060e54bf8d69288fbee4904\n");
        Path plain = Files.createDirectories(dir.resolve("plain"));

        assertThat(StartupThread.resolve(null, null, detached).present()).isFalse();
        assertThat(StartupThread.resolve(null, null, detached).repoRoot()).isEqualTo(detached.toString());
        assertThat(StartupThread.detect(plain).filter(found -> found.repoRoot().startsWith(dir.toString())))
                .isEmpty();
    }

    @Test
    void optionsWinAndWhatTheyLeaveOutComesFromTheWorkTree() throws IOException {
        Path root = repository("app", "ref: refs/heads/main\n");

        assertThat(StartupThread.resolve("/srv/other", "release", root))
                .isEqualTo(new StartupThread("/srv/other", "release"));
        assertThat(StartupThread.resolve(null, "hotfix", root)).isEqualTo(new StartupThread(root.toString(), "hotfix"));
        assertThat(StartupThread.resolve(root.toString(), null, dir)).isEqualTo(new StartupThread(root.toString(),
                "main"));
        assertThat(StartupThread.resolve("app", "main", dir)).isEqualTo(new StartupThread(root.toString(), "main"));
        assertThat(StartupThread.resolve("/srv/x", "bad\nbranch", dir).branch()).isNull();
    }
}
