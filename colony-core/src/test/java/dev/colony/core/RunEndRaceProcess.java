package dev.colony.core;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.Runs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One side of the two-process race to end runs: for each run, after both processes arrive, this side either
 * finishes it or kills it; after the last round, both claim every run's notification. Writes {@code end <i>
 * ok|RUN_ALREADY_TERMINAL} per run, then {@code notify <i> true|false} per run.
 */
final class RunEndRaceProcess {

    private RunEndRaceProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store, barrier directory, side name, other side's name, user, session, agent, run ids file (one
     *     per line), how this side ends runs ({@code finish} or {@code kill}), outcome file
     */
    public static void main(String[] args) throws Exception {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        List<String> outcomes = run(args[0], Path.of(args[1]), args[2], args[3], parent::isAlive, new Actor(
                UserId.of(args[4]), args[6], SessionId.of(args[5])), Path.of(args[7]), args[8]);
        Files.write(Path.of(args[9]), outcomes, StandardCharsets.UTF_8);
    }

    /** Races over the runs of {@code ids}; returns the outcome lines. */
    static List<String> run(String store, Path barrier, String me, String other, BooleanSupplier otherAlive,
            Actor actor, Path ids, String how) throws Exception {
        List<RunId> runs = Files.readAllLines(ids, StandardCharsets.UTF_8).stream().map(RunId::new).toList();
        List<String> outcomes = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            Runs registry = colony.as(actor).runs();
            for (int i = 0; i < runs.size(); i++) {
                RunId id = runs.get(i);
                ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "end-" + i);
                outcomes.add("end " + i + " " + outcome(() -> {
                    if (how.equals("kill")) {
                        registry.kill(id);
                    } else {
                        registry.finish(id, RunOutcome.finished("done by " + me).withExitCode(0));
                    }
                }));
            }
            ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "notify");
            for (int i = 0; i < runs.size(); i++) {
                outcomes.add("notify " + i + " " + registry.claimNotification(runs.get(i)));
            }
            ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "done");
        }
        return outcomes;
    }

    private static String outcome(Runnable end) {
        try {
            end.run();
            return "ok";
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.RUN_ALREADY_TERMINAL) {
                return e.code().name();
            }
            throw e;
        }
    }
}
