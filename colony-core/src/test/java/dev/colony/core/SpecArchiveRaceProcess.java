package dev.colony.core;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.session.SessionStart;
import dev.colony.api.spec.ArchiveResult;
import dev.colony.api.spec.MergeStrategy;
import dev.colony.api.spec.SpecChanges;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One side of the two-process archive race: every round, after both processes reach the round's marker file, each
 * archives the round's change {@code race-<round>} of the same repository. Each side writes one line per round,
 * {@code <round> ok <archived path>} or {@code <round> <code> <message>}.
 */
final class SpecArchiveRaceProcess {

    private SpecArchiveRaceProcess() {
    }

    /**
     * The child JVM.
     *
     * @param args store, barrier directory, side name, other side's name, agent, repository, rounds, outcome file
     */
    public static void main(String[] args) throws Exception {
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        List<String> outcomes = run(args[0], Path.of(args[1]), args[2], args[3], parent::isAlive, args[4],
                Path.of(args[5]), Integer.parseInt(args[6]));
        Files.write(Path.of(args[7]), outcomes, StandardCharsets.UTF_8);
    }

    /** Archives each round's change as a session of {@code agent}; returns the outcome lines. */
    static List<String> run(String store, Path barrier, String me, String other, BooleanSupplier otherAlive,
            String agent, Path repo, int rounds) throws Exception {
        List<String> outcomes = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            SpecChanges changes = colony.as(colony.sessions().ensure(SessionStart.of("alice", agent)).actor())
                    .specChanges();
            for (int round = 0; round < rounds; round++) {
                ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "round-" + round);
                try {
                    ArchiveResult result = changes.archive(repo, "race-" + round, MergeStrategy.THREE_WAY);
                    outcomes.add(round + " ok " + result.status().wireName() + " " + result.archivedPath());
                } catch (ColonyException e) {
                    outcomes.add(round + " " + e.code() + " " + (e.code() == ErrorCode.NOT_FOUND
                            ? e.getMessage() : e.getMessage().replace('\n', ' ')));
                }
            }
            ClaimRaceProcess.arrive(barrier, me, other, otherAlive, "done");
        }
        return outcomes;
    }
}
