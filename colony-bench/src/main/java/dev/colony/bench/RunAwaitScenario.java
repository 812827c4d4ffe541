package dev.colony.bench;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.session.SessionStart;
import dev.colony.core.Colony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code run.await}: how soon a waiter wakes after another process finishes the run it waits for. This JVM creates
 * a run and waits on its completion future; a second JVM ({@link RunFinisher}) finishes it and reports the
 * monotonic time just before its finish. The latency is from that time to the waiter's wake-up. The baseline is
 * the same finish watched by a raw JDBC loop reading the run's status with no pause, the fastest any poll can
 * notice it.
 */
final class RunAwaitScenario implements Scenario {

    static final double TARGET_P95_MILLIS = 100.0;
    private static final String STATUS = "SELECT status FROM runs WHERE id = ?";

    @Override
    public String name() {
        return "run.await";
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
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(db)).build()) {
            CallerScope lead = colony.as(colony.sessions().ensure(SessionStart.of("bench", "claude-code")).actor());
            Path stderr = options.workDir().resolve("finisher-stderr.txt");
            Process finisher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), RunFinisher.class.getName(), db.toString())
                    .redirectError(stderr.toFile()).start();
            try (PrintStream commands = new PrintStream(finisher.getOutputStream(), true, StandardCharsets.UTF_8);
                    BufferedReader answers = new BufferedReader(new InputStreamReader(finisher.getInputStream(),
                            StandardCharsets.UTF_8));
                    Connection raw = DriverManager.getConnection("jdbc:sqlite:" + db);
                    PreparedStatement status = raw.prepareStatement(STATUS)) {
                expect(answers.readLine(), "READY", stderr);
                Waiter colonyWaiter = (run, finish) -> {
                    CompletableFuture<Run> done = lead.runs().completion(run.id());
                    finish.run();
                    Run ended = done.get(30, TimeUnit.SECONDS);
                    long woke = System.nanoTime();
                    if (ended.status() != RunStatus.FINISHED) {
                        throw new IllegalStateException("run " + run.id() + " ended " + ended.status());
                    }
                    return woke;
                };
                Waiter rawWaiter = (run, finish) -> {
                    status.setString(1, run.id().value());
                    finish.run();
                    while (!finished(status)) {
                        Thread.onSpinWait();
                    }
                    return System.nanoTime();
                };
                for (int i = 0; i < 10; i++) {
                    measure(lead, commands, answers, stderr, colonyWaiter, null);
                    measure(lead, commands, answers, stderr, rawWaiter, null);
                }
                Rounds.alternate(options.rounds(), perRound, (calls, into) -> repeat(calls, into, lead, commands,
                        answers, stderr, colonyWaiter), colonySide, (calls, into) -> repeat(calls, into, lead,
                                commands, answers, stderr, rawWaiter), rawSide);
            } finally {
                if (!finisher.waitFor(60, TimeUnit.SECONDS)) {
                    finisher.destroyForcibly();
                }
            }
        }
        double p95 = colonySide.percentileMillis(95);
        return new Result(name(), size, colonySide, rawSide, "p95 wake-up / p95 of a raw no-pause status poll",
                p95 / Math.max(rawSide.percentileMillis(95), 1e-6), String.format(Locale.ROOT, "p95 <= %.0f ms",
                        TARGET_P95_MILLIS), p95 <= TARGET_P95_MILLIS, "two JVMs on one SQLite file; from just before "
                        + "the other process's finish to the completion future's wake-up (this process polls the "
                        + "watched runs every 20 ms)");
    }

    private static void repeat(int calls, Latencies into, CallerScope lead, PrintStream commands,
            BufferedReader answers, Path stderr, Waiter waiter) {
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            measure(lead, commands, answers, stderr, waiter, into);
        }
        into.addWall(System.nanoTime() - start);
    }

    /** One run: created here, finished by the other JVM, waited for by {@code waiter}. */
    private static void measure(CallerScope lead, PrintStream commands, BufferedReader answers, Path stderr,
            Waiter waiter, Latencies into) {
        Run run = lead.runs().create(RunSpec.agent("bench-worker", "finish me"));
        try {
            long[] before = new long[1];
            long woke = waiter.await(run, () -> {
                commands.println("FINISH " + run.id().value());
                String answer = answers.readLine();
                expect(answer == null ? null : answer.split(" ")[0], "FINISHING", stderr);
                before[0] = Long.parseLong(answer.substring("FINISHING ".length()));
            });
            expect(answers.readLine(), "DONE", stderr);
            if (into != null) {
                into.record(Math.max(0, woke - before[0]));
            }
        } catch (Exception e) {
            throw new IllegalStateException("run " + run.id() + ": " + e, e);
        }
    }

    private static boolean finished(PreparedStatement status) throws SQLException {
        try (ResultSet rs = status.executeQuery()) {
            return rs.next() && RunStatus.FINISHED.wireName().equals(rs.getString(1));
        }
    }

    private static void expect(String answer, String wanted, Path stderr) {
        if (answer == null || !answer.startsWith(wanted)) {
            String log;
            try {
                log = Files.readString(stderr);
            } catch (IOException e) {
                log = e.toString();
            }
            throw new IllegalStateException("the finisher answered " + answer + " instead of " + wanted + "; its "
                    + "stderr: " + log);
        }
    }

    /** Waits for a run that {@code finish} has the other JVM finish; returns the monotonic time it woke. */
    @FunctionalInterface
    private interface Waiter {
        long await(Run run, Finish finish) throws Exception;
    }

    /** Asks the other JVM to finish the run, and reads when it began to. */
    @FunctionalInterface
    private interface Finish {
        void run() throws Exception;
    }
}
