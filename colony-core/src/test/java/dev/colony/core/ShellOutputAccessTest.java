package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.ShellSettings;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak suite's shell part: another user finds nothing of a shell run on any path (its output, the run, the
 * listing, a wait), its output is private on disk, and the command sees none of the process's environment beyond
 * PATH, HOME, LANG, TERM and the variables the operator passes.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ShellOutputAccessTest {

    /** What a shell sets for itself, whatever it was given. */
    private static final Set<String> SHELL_OWN = Set.of("PWD", "OLDPWD", "SHLVL", "_");

    @TempDir
    Path dir;

    private Colony open(ShellSettings shell) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db")))
                .runs(RunSettings.defaults().withShell(shell).withOutputDirectory(dir.resolve("home/runs"))).build();
    }

    private static Run ended(CallerScope caller, Run run) throws Exception {
        return caller.runs().completion(run.id()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void anotherUserFindsNothingOfAShellRunOnAnyPath() throws Exception {
        try (Colony colony = open(ShellSettings.on())) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            Run run = ended(alice, alice.runs().spawn(RunSpec.shell("echo alice-only-output")));
            assertThat(alice.runs().output(run.id(), null, 100).text()).isEqualTo("alice-only-output\n");

            assertRefused(() -> bob.runs().output(run.id(), null, 100), ErrorCode.RUN_NOT_FOUND, "task_id");
            assertRefused(() -> bob.runs().get(run.id()), ErrorCode.RUN_NOT_FOUND, "task_id");
            assertRefused(() -> bob.runs().await(List.of(run.id()), Duration.ZERO), ErrorCode.RUN_NOT_FOUND,
                    "task_ids");
            assertThat(bob.runs().list(new RunQuery(null, null, null, 100))).isEmpty();

            Path runs = dir.resolve("home/runs");
            Path output = runs.resolve(run.id().value());
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runs))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(output))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(output.resolve("0"))))
                    .isEqualTo("rw-------");
        }
    }

    @Test
    void aCommandSeesNoneOfTheProcesssEnvironmentButWhatIsPassed() throws Exception {
        Map<String, String> mine = System.getenv();
        String passed = new TreeSet<>(mine.keySet()).stream().filter(name -> name.matches("[A-Za-z_][A-Za-z0-9_]*")
                && !ShellSettings.BASE_ENVIRONMENT.contains(name) && !SHELL_OWN.contains(name)
                && !mine.get(name).isEmpty() && !mine.get(name).contains("\n")).findFirst().orElseThrow(
                        () -> new AssertionError("the test needs a variable beyond PATH, HOME, LANG and TERM"));
        Set<String> withheld = new TreeSet<>(mine.keySet());
        withheld.removeAll(ShellSettings.BASE_ENVIRONMENT);
        withheld.removeAll(SHELL_OWN);
        withheld.remove(passed);
        assertThat(withheld).as("variables of this process a command must not see").isNotEmpty();

        try (Colony colony = open(ShellSettings.on().passing(List.of(passed)))) {
            CallerScope alice = as(colony, "alice");
            Run run = ended(alice, alice.runs().spawn(RunSpec.shell("env")));
            String env = alice.runs().output(run.id(), 0L, 64 * 1024).text();
            Set<String> seen = new TreeSet<>();
            for (String line : env.split("\n")) {
                if (line.indexOf('=') > 0) {
                    seen.add(line.substring(0, line.indexOf('=')));
                }
            }
            assertThat(seen).contains("PATH", passed).doesNotContainAnyElementsOf(withheld);
            assertThat(env).contains(passed + "=" + mine.get(passed) + "\n");
        }
    }
}
