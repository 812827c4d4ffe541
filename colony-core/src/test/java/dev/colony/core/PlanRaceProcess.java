package dev.colony.core;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.PlanRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
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
 * One side of the two-process sub-task race: every round, after both processes reach the round's marker
 * file, each process's threads (one session each) claim sub-task 0 of the round's plan at the same moment.
 * Each side writes one line per attempt, {@code <round> <session> <outcome>}, so the test can check that
 * every round had exactly one winner among all threads of both processes and that every loser was told
 * {@code PLAN_SUBTASK_NOT_AVAILABLE}.
 */
final class PlanRaceProcess {

    private PlanRaceProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store, barrier directory, side name, other side's name, user, sessions file (one session id
     *     and agent per line), plans file (one slug per line), epoch millis of the clock, outcome file
     */
    public static void main(String[] args) throws Exception {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        List<String> outcomes = run(args[0], Path.of(args[1]), args[2], args[3], parent::isAlive, UserId.of(args[4]),
                Path.of(args[5]), Path.of(args[6]), Instant.ofEpochMilli(Long.parseLong(args[7])));
        Files.write(Path.of(args[8]), outcomes, StandardCharsets.UTF_8);
    }

    /** Runs every round with one thread per session of {@code sessions}; returns the outcome lines. */
    static List<String> run(String store, Path barrier, String me, String other, BooleanSupplier otherAlive,
            UserId user, Path sessions, Path plans, Instant at) throws Exception {
        List<String> slugs = Files.readAllLines(plans, StandardCharsets.UTF_8);
        List<String[]> callers = Files.readAllLines(sessions, StandardCharsets.UTF_8).stream()
                .map(line -> line.split(" ")).toList();
        List<String> outcomes = Collections.synchronizedList(new ArrayList<>());
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store))
                .clock(Clock.fixed(at, ZoneOffset.UTC)).build()) {
            List<PlanRegistry> registries = callers.stream().map(caller -> colony.as(new Actor(user, caller[1],
                    SessionId.of(caller[0]))).plans()).toList();
            ExecutorService pool = Executors.newFixedThreadPool(registries.size());
            try {
                CyclicBarrier start = new CyclicBarrier(registries.size());
                for (int round = 0; round < slugs.size(); round++) {
                    ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "round-" + round);
                    List<Future<?>> attempts = new ArrayList<>();
                    for (int t = 0; t < registries.size(); t++) {
                        PlanRegistry registry = registries.get(t);
                        String session = callers.get(t)[0];
                        int r = round;
                        attempts.add(pool.submit(() -> {
                            start.await(ClaimRaceProcess.BOUND.toMillis(), TimeUnit.MILLISECONDS);
                            outcomes.add(r + " " + session + " " + outcome(registry, slugs.get(r)));
                            return null;
                        }));
                    }
                    for (Future<?> attempt : attempts) {
                        attempt.get(ClaimRaceProcess.BOUND.toMillis(), TimeUnit.MILLISECONDS);
                    }
                }
                ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "done");
            } finally {
                pool.shutdownNow();
            }
        }
        return List.copyOf(outcomes);
    }

    private static String outcome(PlanRegistry registry, String slug) {
        try {
            registry.claim(PlanRef.of(slug), 0);
            return "ok";
        } catch (ColonyException e) {
            return e.code() == ErrorCode.PLAN_SUBTASK_NOT_AVAILABLE ? e.code().name()
                    : e.code().name() + ":" + e.getMessage().replace(' ', '_');
        }
    }
}
