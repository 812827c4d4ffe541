package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.baton.QuotaRelease;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One side of the two-process claim race: the steps both the test JVM and the child JVM run, in lock
 * step on a barrier of marker files. Each round both sides accept the same baton and claim the same
 * file at once; at the end both release the same expired quota claims. Each side writes one line per
 * outcome, so the test can check that every round had exactly one winner.
 */
final class ClaimRaceProcess {

    /** The longest either side waits for the other at a barrier. */
    static final Duration BOUND = Duration.ofSeconds(90);

    private ClaimRaceProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store (a SQLite file path or a {@code jdbc:postgresql:} URL), barrier directory, side
     *     name, other side's name, user, session, agent, task id, batons file, epoch millis of the clock,
     *     outcome file
     */
    public static void main(String[] args) throws Exception {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        List<String> outcomes = run(args[0], Path.of(args[1]), args[2], args[3], parent::isAlive, UserId.of(args[4]),
                SessionId.of(args[5]), args[6], TaskId.of(Long.parseLong(args[7])), Path.of(args[8]),
                Instant.ofEpochMilli(Long.parseLong(args[9])));
        Files.write(Path.of(args[10]), outcomes, StandardCharsets.UTF_8);
    }

    /** Opens the store named by {@code spec}: a PostgreSQL URL or a SQLite file. */
    static StorageProvider open(String spec) {
        return spec.startsWith("jdbc:postgresql:") ? PostgresStorageProvider.open(spec)
                : SqliteStorageProvider.open(Path.of(spec));
    }

    /**
     * Runs the rounds; returns one line per outcome: {@code accept <round> <result>}, {@code claim
     * <round> <result>}, {@code weakened <file>} for each claim this side weakened.
     */
    static List<String> run(String store, Path barrier, String me, String other, BooleanSupplier otherAlive,
            UserId user, SessionId session, String agent, TaskId task, Path batons, Instant at) throws Exception {
        List<String> ids = Files.readAllLines(batons, StandardCharsets.UTF_8);
        List<String> outcomes = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(open(store)).clock(Clock.fixed(at, ZoneOffset.UTC)).build()) {
            CallerScope scope = colony.as(new Actor(user, agent, session));
            for (int round = 0; round < ids.size(); round++) {
                String[] baton = ids.get(round).split(" ");
                MemoryId id = MemoryId.of(Long.parseLong(baton[1]));
                arrive(barrier, me, other, otherAlive, "round-" + round);
                outcomes.add("accept " + round + " " + outcome(() -> baton[0].equals("relay")
                        ? scope.relays().accept(id) : scope.handoffs().accept(id)));
                String file = "race/F" + round + ".txt";
                outcomes.add("claim " + round + " " + outcome(() -> scope.claims().claim(task, file, null)));
            }
            arrive(barrier, me, other, otherAlive, "release");
            QuotaRelease release = scope.quotaBatons().releaseExpired(task, null, null);
            release.weakenedFiles().forEach(file -> outcomes.add("weakened " + file));
            arrive(barrier, me, other, otherAlive, "done");
        }
        return outcomes;
    }

    /**
     * Starts a child JVM on this test class path running {@code main}'s {@code main} with {@code args}, its output
     * into {@code log}; with {@code postgres}, it reaches the test's PostgreSQL server.
     */
    static Process startChild(boolean postgres, Path log, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        if (postgres) {
            command.add(PostgresTestServer.childJvmOption());
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /**
     * Runs both sides of a two-process race: starts a child JVM on {@code main} with {@code childArgs} and the
     * path of its outcome file last, runs {@code parentSide} meanwhile (told whether the child still runs), waits
     * for the child within {@link #BOUND} and checks it exited 0 (its output in the message otherwise).
     *
     * @return the parent's outcome lines and the child's
     */
    static Sides race(boolean postgres, Path dir, Class<?> main, List<String> childArgs, Side parentSide)
            throws Exception {
        Path childOut = dir.resolve("child-outcomes.txt");
        Path log = dir.resolve("child.log");
        List<String> args = new ArrayList<>(childArgs);
        args.add(childOut.toString());
        Process child = startChild(postgres, log, main, args.toArray(String[]::new));
        List<String> mine;
        try {
            mine = parentSide.run(child::isAlive);
            assertThat(child.waitFor(BOUND.toMillis(), TimeUnit.MILLISECONDS))
                    .as("child finished; its output: %s", output(log)).isTrue();
            assertThat(child.exitValue()).as("child's output: %s", output(log)).isZero();
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
        return new Sides(mine, Files.readAllLines(childOut, StandardCharsets.UTF_8));
    }

    /** The parent's side of a race. */
    @FunctionalInterface
    interface Side {
        /** Races; {@code childAlive} says whether the other side still runs. */
        List<String> run(BooleanSupplier childAlive) throws Exception;
    }

    /**
     * What both sides of a race wrote.
     *
     * @param parent the parent's outcome lines
     * @param child the child's outcome lines
     */
    record Sides(List<String> parent, List<String> child) {

        /** Both sides' lines, the parent's first. */
        List<String> all() {
            List<String> all = new ArrayList<>(parent);
            all.addAll(child);
            return all;
        }
    }

    /** What a child wrote to {@code log}, for a failure message. */
    static String output(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(none)";
    }

    private interface Call {
        Object call();
    }

    private static String outcome(Call call) {
        try {
            call.call();
            return "ok";
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.ALREADY_ACCEPTED || e.code() == ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER) {
                return e.code().name();
            }
            throw e;
        }
    }

    static void arrive(Path dir, String me, String other, BooleanSupplier otherAlive, String step)
            throws IOException {
        Files.createFile(dir.resolve(me + "." + step));
        Path theirs = dir.resolve(other + "." + step);
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!Files.exists(theirs)) {
            if (!otherAlive.getAsBoolean()) {
                throw new IllegalStateException("the " + other + " process ended before step " + step);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the " + other + " process did not reach " + step + " in " + BOUND);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}
