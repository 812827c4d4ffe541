package dev.colony.core;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.session.SessionStart;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM that dies with a shell run in progress: it spawns a command that writes its pid to a named pipe (the test
 * reads it) and sleeps, writes the run's id, and halts without closing its Colony (no shutdown hooks run), as a
 * crash would.
 */
final class OrphanedShellProcess {

    private OrphanedShellProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args SQLite file, run output directory, the named pipe for the command's pid, the file to write the
     *     run id to
     */
    public static void main(String[] args) throws Exception {
        Colony colony = Colony.builder().storage(SqliteStorageProvider.open(Path.of(args[0])))
                .runs(RunSettings.defaults().withShell(ShellSettings.on()).withOutputDirectory(Path.of(args[1])))
                .build();
        CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
        Run run = alice.runs().spawn(RunSpec.shell("echo $$ > " + args[2] + "; sleep 300"));
        Files.writeString(Path.of(args[3]), run.id().value(), StandardCharsets.US_ASCII);
        Runtime.getRuntime().halt(0);
    }
}
