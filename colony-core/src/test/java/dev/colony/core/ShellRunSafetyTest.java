package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a shell run trusts on disk: a runs directory someone else could write to (or own) is refused for shell
 * runs, with the directory named, while the Colony serves everything else; a pid file whose start time is unknown
 * never gets a process killed.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class ShellRunSafetyTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Path runs) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db"))).clock(clock)
                .runs(RunSettings.defaults().withShell(ShellSettings.on()).withOutputDirectory(runs)).build();
    }

    private static Path directory(Path path, String mode) throws Exception {
        Files.createDirectories(path);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return path;
    }

    @Test
    void aRunsDirectoryOthersCanWriteOrOwnIsRefusedForShellRunsOnly() throws Exception {
        Path squatted = directory(dir.resolve("squatted/runs"), "rwxrwxrwx");
        try (Colony colony = open(squatted)) {
            CallerScope alice = as(colony, "alice");
            assertRefusedNaming(alice, squatted);
            assertThat(alice.runs().spawn(RunSpec.agent("codex", "still served")).status())
                    .isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(squatted)))
                    .as("left as found, not narrowed").isEqualTo("rwxrwxrwx");
        }

        Path home = directory(dir.resolve("shared-home"), "rwxrwxrwx");
        Path inShared = directory(home.resolve("runs"), "rwx------");
        try (Colony colony = open(inShared)) {
            assertRefusedNaming(as(colony, "alice"), home);
        }

        UserPrincipal nobody;
        try {
            nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Path foreign = directory(dir.resolve("foreign/runs"), "rwx------");
            Files.setOwner(foreign, nobody);
            try (Colony colony = open(foreign)) {
                assertRefusedNaming(as(colony, "alice"), foreign);
            }
        } catch (java.io.IOException | UnsupportedOperationException e) {
            // Only a process that may give a directory away can plant another owner's; the modes above still ran.
        }
    }

    private static void assertRefusedNaming(CallerScope caller, Path directory) {
        Assertions.assertThatThrownBy(() -> caller.runs().spawn(RunSpec.shell("echo hi")))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE);
                    assertThat(e.field()).isEqualTo("command");
                    assertThat(e.getMessage()).contains(directory.toString());
                });
    }

    @Test
    void aPlantedPidFileWithAnUnknownStartTimeNeverKillsItsProcess() throws Exception {
        Path runs = directory(dir.resolve("home/runs"), "rwx------");
        // A group leader of its own, as a login shell or a daemon is: what a kill of a pid file's group reaches.
        Process bystander = new ProcessBuilder("setsid", "sleep", "300").start();
        Process deadOwner = new ProcessBuilder("true").start();
        assertThat(deadOwner.waitFor(20, TimeUnit.SECONDS)).isTrue();
        try {
            Files.writeString(runs.resolve("b0000beef.pid"), bystander.pid() + " 0 " + deadOwner.pid() + " 1\n",
                    StandardCharsets.US_ASCII);
            Files.writeString(runs.resolve("b0000cafe.pid"), bystander.pid() + " 1 " + deadOwner.pid() + " 1\n",
                    StandardCharsets.US_ASCII);
            try (Colony colony = open(runs)) {
                assertThat(colony.runHub().sweepOrphans()).as("swept at open already").isEmpty();
            }
            assertThat(bystander.isAlive()).as("a start time that matches nothing kills nothing").isTrue();
            assertThat(runs.resolve("b0000beef.pid")).as("its file is gone").doesNotExist();
        } finally {
            bystander.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        }
    }
}
