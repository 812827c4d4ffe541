package dev.colony.core.internal.run;

import dev.colony.api.Actor;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.Runs;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.StorageProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The pid files of the shell commands running in this Colony, one per command in the output directory, naming the
 * command's process and the JVM that started it with their start times; and the sweep that reads them to kill the
 * commands a JVM left running when it died without closing its Colony, and fail their runs.
 */
final class ShellPidFiles {

    /** Logs under the hub's name, with the rest of its messages. */
    private static final System.Logger LOG = System.getLogger(RunHub.class.getName());

    private final StorageProvider storage;
    /** The output directory, prepared on first use. */
    private final Supplier<RunOutputFiles> files;
    /** The registry as each actor sees it, for failing the orphaned runs on their spawners' behalf. */
    private final Function<Actor, Runs> registry;
    /** Whether the hub is closed. */
    private final AtomicBoolean closed;

    ShellPidFiles(StorageProvider storage, Supplier<RunOutputFiles> files, Function<Actor, Runs> registry,
            AtomicBoolean closed) {
        this.storage = storage;
        this.files = files;
        this.registry = registry;
        this.closed = closed;
    }

    /** Writes the pid file of the command of run {@code id}, just started. */
    void write(RunId id, ShellProcess process) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        String line = process.pid() + " " + startMillis(process.startedAt()) + " " + self.pid() + " "
                + startMillis(self.info().startInstant()) + "\n";
        Files.writeString(files.get().pidFile(id), line, StandardCharsets.US_ASCII);
    }

    /** Deletes the pid file of run {@code id}, whose command ended or was killed. */
    void delete(RunId id) {
        try {
            Files.deleteIfExists(files.get().pidFile(id));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not delete the pid file of run " + id + ": " + e.getMessage());
        }
    }

    /**
     * Kills the commands left running by a JVM that died without closing its Colony, and fails their runs. A pid
     * file names the command's process and the JVM that started it, each with its start time: a file whose JVM
     * may still run (its pid lives, with that start time or an unknown one) is left alone, and a command's group is
     * signalled only when its process lives with exactly the recorded start time, never on an unknown (0) one: a
     * pid now used by another process is not signalled. Only a trusted directory is swept
     * ({@link RunOutputFiles#prepare}).
     *
     * @return the runs whose commands were orphaned
     */
    List<RunId> sweepOrphans() {
        List<RunId> swept = new ArrayList<>();
        for (Path pidFile : files.get().pidFiles()) {
            try {
                String[] fields = Files.readString(pidFile, StandardCharsets.US_ASCII).trim().split(" ");
                long pid = Long.parseLong(fields[0]);
                long owner = Long.parseLong(fields[2]);
                if (mayBeRunning(owner, Long.parseLong(fields[3]))) {
                    continue;
                }
                long started = Long.parseLong(fields[1]);
                if (sameProcess(pid, started)) {
                    ShellProcess.killGroup(pid);
                } else if (started == 0 && mayBeRunning(pid, 0)) {
                    LOG.log(System.Logger.Level.WARNING, "not killing process " + pid + " of " + pidFile + ": its "
                            + "start time is not known, so it may be another process");
                }
                RunId id = RunOutputFiles.runOf(pidFile);
                Files.deleteIfExists(pidFile);
                swept.add(id);
                failOrphan(id);
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "could not sweep " + pidFile + ": " + e.getMessage());
            }
        }
        return swept;
    }

    private void failOrphan(RunId id) {
        Optional<Actor> spawner = storage.read(tx -> tx.runs().find(id).filter(row -> !row.run().status().terminal())
                .flatMap(row -> tx.sessions().find(row.run().spawnedBy()))
                .map((Session session) -> new Actor(session.user(), session.agent(), session.id())));
        spawner.ifPresent(actor -> endQuietly(registry.apply(actor), id, RunOutcome.failed(
                "orphaned: the process that ran its command ended without closing the Colony"), false));
    }

    /**
     * Whether process {@code pid} runs and may be the one that started at {@code startMillis}: its start time
     * matches, or one of the two is unknown (0). Only a known, matching start time makes it the same process.
     */
    private static boolean mayBeRunning(long pid, long startMillis) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(handle -> {
            long actual = handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
            return startMillis == 0 || actual == 0 || actual == startMillis;
        }).isPresent();
    }

    /** Whether process {@code pid} runs and started at {@code startMillis}, both start times known. */
    private static boolean sameProcess(long pid, long startMillis) {
        return startMillis != 0 && ProcessHandle.of(pid).filter(ProcessHandle::isAlive).flatMap(handle -> handle
                .info().startInstant()).map(Instant::toEpochMilli).filter(actual -> actual == startMillis).isPresent();
    }

    private static long startMillis(Optional<Instant> start) {
        return start.map(Instant::toEpochMilli).orElse(0L);
    }

    /** Records the end of a run as {@link RunHub#endQuietly} does. */
    private void endQuietly(Runs runs, RunId id, RunOutcome given, boolean finished) {
        RunHub.endQuietly(closed, runs, id, given, finished);
    }
}
