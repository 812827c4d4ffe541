package dev.colony.bench;

import java.sql.SQLException;

/**
 * Alternating rounds of a subject and its baseline: one warm-up round of each, measured nowhere, then
 * {@code rounds} rounds each measured into its side, so that both sides see the same caches and JIT state.
 */
final class Rounds {

    /** One side's work for a round: {@code calls} operations, each recorded into {@code into}. */
    interface Side {
        void run(int calls, Latencies into) throws SQLException;
    }

    private Rounds() {
    }

    /** Runs the warm-up round and {@code rounds} measured rounds of {@code perRound} calls per side. */
    static void alternate(int rounds, int perRound, Side subject, Latencies subjectInto, Side baseline,
            Latencies baselineInto) throws SQLException {
        for (int round = -1; round < rounds; round++) {
            subject.run(perRound, round < 0 ? new Latencies(perRound) : subjectInto);
            baseline.run(perRound, round < 0 ? new Latencies(perRound) : baselineInto);
        }
    }
}
