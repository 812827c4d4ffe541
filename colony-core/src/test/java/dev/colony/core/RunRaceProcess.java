package dev.colony.core;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.Runs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One side of the two-process slot race: after both processes reach the start marker, each thread (one
 * session each) spawns {@value #RUNS} runs, then finishes them one by one, and after every change reads how
 * many runs of the whole store are in progress. Each side writes one line per thread, {@code <session> <most in
 * progress seen> <runs finished>}, or {@code <session> error <code>} on any failure.
 */
final class RunRaceProcess {

    /** Runs each thread spawns and finishes. */
    static final int RUNS = 15;

    private RunRaceProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store, barrier directory, side name, other side's name, user, sessions file (one session id
     *     and agent per line), outcome file
     */
    public static void main(String[] args) throws Exception {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        List<String> outcomes = run(args[0], Path.of(args[1]), args[2], args[3], parent::isAlive, UserId.of(args[4]),
                Path.of(args[5]));
        Files.write(Path.of(args[6]), outcomes, StandardCharsets.UTF_8);
    }

    /** Runs one thread per session of {@code sessions}; returns their outcome lines. */
    static List<String> run(String store, Path barrier, String me, String other, BooleanSupplier otherAlive,
            UserId user, Path sessions) throws Exception {
        List<String[]> callers = Files.readAllLines(sessions, StandardCharsets.UTF_8).stream()
                .map(line -> line.split(" ")).toList();
        List<String> outcomes = Collections.synchronizedList(new ArrayList<>());
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            ExecutorService pool = Executors.newFixedThreadPool(callers.size());
            try {
                CyclicBarrier start = new CyclicBarrier(callers.size());
                ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "start");
                List<Future<?>> threads = new ArrayList<>();
                for (String[] caller : callers) {
                    Runs runs = colony.as(new Actor(user, caller[1], SessionId.of(caller[0]))).runs();
                    threads.add(pool.submit(() -> {
                        start.await(ClaimRaceProcess.BOUND.toMillis(), TimeUnit.MILLISECONDS);
                        outcomes.add(caller[0] + " " + work(colony, runs));
                        return null;
                    }));
                }
                for (Future<?> thread : threads) {
                    thread.get(ClaimRaceProcess.BOUND.toMillis(), TimeUnit.MILLISECONDS);
                }
                ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "done");
            } finally {
                pool.shutdownNow();
            }
        }
        return List.copyOf(outcomes);
    }

    /** Spawns and then finishes this thread's runs, watching the store's count of runs in progress. */
    private static String work(Colony colony, Runs runs) {
        int most = 0;
        int finished = 0;
        try {
            List<Run> mine = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                mine.add(runs.spawn(RunSpec.agent("codex", "job")));
                most = Math.max(most, inProgress(colony));
            }
            for (Run run : mine) {
                runs.finish(run.id(), RunOutcome.finished("ok"));
                finished++;
                most = Math.max(most, inProgress(colony));
            }
            return most + " " + finished;
        } catch (ColonyException e) {
            return "error " + e.code().name() + ":" + e.getMessage().replace(' ', '_');
        }
    }

    private static int inProgress(Colony colony) {
        return colony.storage().read(tx -> tx.runs().countInProgress());
    }
}
