package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.ShellSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code run.shell}: a shell run of a trivial command ({@code true}) from spawn to finished, as the caller sees it
 * (spawn, then its completion future), against a bare {@code ProcessBuilder} start of {@code sh -c true} until it
 * exits, alternating in the same run. The difference is what the registry costs per run: its transactions (spawn,
 * take, finish), the output file, the process group and the pid file.
 */
final class RunShellScenario implements Scenario {

    /** The most a run may add to a bare start, at the median. */
    static final double TARGET_OVERHEAD_MILLIS = 10.0;

    @Override
    public String name() {
        return "run.shell";
    }

    @Override
    public int defaultSize() {
        return 200;
    }

    @Override
    public Result run(int size, BenchOptions options) throws Exception {
        Path db = options.workDir().resolve("colony.db");
        int perRound = Math.max(1, size / options.rounds());
        Latencies colonySide = new Latencies(perRound * options.rounds());
        Latencies rawSide = new Latencies(perRound * options.rounds());
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).runs(RunSettings.defaults()
                .withShell(ShellSettings.on()).withOutputDirectory(options.workDir().resolve("runs"))).build()) {
            CallerScope caller = colony.as(colony.sessions().ensure(SessionStart.of("bench", "claude-code"))
                    .actor());
            for (int i = 0; i < 10; i++) {
                spawnAndWait(caller);
                bare();
            }
            Rounds.alternate(options.rounds(), perRound, (calls, into) -> time(calls, into, () -> spawnAndWait(
                    caller)), colonySide, (calls, into) -> time(calls, into, RunShellScenario::bare), rawSide);
        }
        double overhead = colonySide.percentileMillis(50) - rawSide.percentileMillis(50);
        return new Result(name(), size, colonySide, rawSide, "p50 spawn->finished / p50 bare start->exit",
                colonySide.percentileMillis(50) / rawSide.percentileMillis(50),
                String.format(Locale.ROOT, "p50 <= bare p50 + %.0f ms", TARGET_OVERHEAD_MILLIS),
                overhead <= TARGET_OVERHEAD_MILLIS, String.format(Locale.ROOT, "sh -c true; SQLite file; "
                        + "p50 overhead %.2f ms per run (spawn, take and finish transactions, output directory and "
                        + "copy, setsid, pid file)", overhead));
    }

    private static void spawnAndWait(CallerScope caller) throws Exception {
        Run run = caller.runs().spawn(RunSpec.shell("true"));
        Run ended = caller.runs().completion(run.id()).get(30, TimeUnit.SECONDS);
        if (ended.status() != RunStatus.FINISHED) {
            throw new IllegalStateException("run " + run.id() + " ended " + ended.status() + ": " + ended.error());
        }
    }

    private static void bare() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("sh", "-c", "true").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectErrorStream(true).start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("sh -c true failed");
        }
    }

    /** Times {@code calls} runs of {@code step} into {@code into}. */
    static void time(int calls, Latencies into, Step step) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            try {
                step.run();
            } catch (Exception e) {
                throw new IllegalStateException("a timed step failed: " + e, e);
            }
            into.record(System.nanoTime() - t0);
        }
        into.addWall(System.nanoTime() - start);
    }

    /** One timed operation. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }
}
