package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two JVMs end the same runs at the same moment, on a SQLite file and on PostgreSQL: two finishers, or a kill
 * against a natural finish. For every run exactly one side's change takes effect and the other is told
 * {@code RUN_ALREADY_TERMINAL}; the run's final status is the winner's (a kill that won reads killed, with no exit
 * code); exactly one process wins the notification latch; and the slots freed along the way promoted the queued
 * runs without ever exceeding {@code max_concurrent}.
 */
class TwoProcessRunEndRaceTest {

    private static final int RUNS = 12;

    @TempDir
    Path dir;

    static Stream<Arguments> races() {
        return Stream.of(Arguments.of("sqlite", "finish"), Arguments.of("sqlite", "kill"),
                Arguments.of("postgresql", "finish"), Arguments.of("postgresql", "kill"));
    }

    @ParameterizedTest(name = "{0}, finish against {1}")
    @MethodSource("races")
    void exactlyOneEndAndOneNotificationPerRun(String name, String childEnds) throws Exception {
        boolean postgres = name.equals("postgresql");
        String store = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path ids = dir.resolve("runs.txt");
        Session parent;
        Session child;
        List<Run> runs = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            parent = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            child = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            CallerScope lead = colony.as(parent.actor());
            for (int i = 0; i < RUNS; i++) {
                runs.add(lead.runs().spawn(RunSpec.agent("codex", "job " + i)));
            }
        }
        Files.write(ids, runs.stream().map(run -> run.id().value()).toList(), StandardCharsets.UTF_8);

        ClaimRaceProcess.Sides sides = ClaimRaceProcess.race(postgres, dir, RunEndRaceProcess.class, List.of(store,
                barrier.toString(), "child", "parent", "alice", child.id().value(), "codex", ids.toString(),
                childEnds), childAlive -> RunEndRaceProcess.run(store, barrier, "parent", "child", childAlive,
                        parent.actor(), ids, "finish"));

        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            CallerScope reader = colony.as(parent.actor());
            for (int i = 0; i < RUNS; i++) {
                String parentEnd = line(sides.parent(), "end " + i);
                String childEnd = line(sides.child(), "end " + i);
                assertThat(List.of(parentEnd, childEnd)).as("run %d", i).containsExactlyInAnyOrder("ok",
                        "RUN_ALREADY_TERMINAL");
                Run ended = reader.runs().get(runs.get(i).id());
                boolean childWon = childEnd.equals("ok");
                RunStatus expected = childWon && childEnds.equals("kill") ? RunStatus.KILLED : RunStatus.FINISHED;
                assertThat(ended.status()).as("run %d", i).isEqualTo(expected);
                if (expected == RunStatus.KILLED) {
                    assertThat(ended.exitCode()).isNull();
                    assertThat(ended.result()).isNull();
                } else {
                    assertThat(ended.result()).isEqualTo("done by " + (childWon ? "child" : "parent"));
                }
                assertThat(List.of(line(sides.parent(), "notify " + i), line(sides.child(), "notify " + i)))
                        .as("one notification for run %d", i).containsExactlyInAnyOrder("true", "false");
            }
            int inProgress = colony.storage().read(tx -> tx.runs().countInProgress());
            assertThat(inProgress).isZero();
            assertThat(reader.runs().list(new RunQuery(null, RunStatus.QUEUED, null,
                    Runs.MAX_VIEWABLE_WINDOW))).as("every release promoted or ended the queued runs").isEmpty();
        }
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix + " ")).map(l -> l.substring(prefix.length() + 1))
                .findFirst().orElseThrow(() -> new AssertionError("no line " + prefix + " in " + lines));
    }
}
