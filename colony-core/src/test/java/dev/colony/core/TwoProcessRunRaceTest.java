package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.UserId;
import dev.colony.api.run.RunQuery;
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
 * Two JVMs with four threads each, every thread its own session, spawn and finish runs on one store (a SQLite
 * file, a PostgreSQL database) at once: no state ever read shows more than {@code max_concurrent} runs in
 * progress, every run ends finished, and no change fails.
 */
class TwoProcessRunRaceTest {

    private static final int THREADS = 4;

    @TempDir
    Path dir;

    static Stream<Arguments> stores() {
        return Stream.of(Arguments.of("sqlite"), Arguments.of("postgresql"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void twoProcessesSpawningAndFinishingNeverExceedTheSlots(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String store = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path parentSessions = dir.resolve("parent-sessions.txt");
        Path childSessions = dir.resolve("child-sessions.txt");
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            Files.write(parentSessions, sessions(colony), StandardCharsets.UTF_8);
            Files.write(childSessions, sessions(colony), StandardCharsets.UTF_8);
        }
        List<String> all = ClaimRaceProcess.race(postgres, dir, RunRaceProcess.class, List.of(store,
                barrier.toString(), "child", "parent", "alice", childSessions.toString()), childAlive ->
                        RunRaceProcess.run(store, barrier, "parent", "child", childAlive, UserId.of("alice"),
                                parentSessions)).all();
        assertThat(all).hasSize(THREADS * 2);
        for (String line : all) {
            String[] parts = line.split(" ");
            assertThat(parts[1]).as(line).isNotEqualTo("error");
            assertThat(Integer.parseInt(parts[1])).as("most in progress seen: %s", line)
                    .isBetween(1, Runs.DEFAULT_MAX_CONCURRENT);
            assertThat(Integer.parseInt(parts[2])).as(line).isEqualTo(RunRaceProcess.RUNS);
        }
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            CallerScope reader = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            assertThat(reader.runs().list(new RunQuery(null, RunStatus.FINISHED, null, 100)))
                    .hasSize(Math.min(100, THREADS * 2 * RunRaceProcess.RUNS));
            assertThat(reader.runs().list(new RunQuery(null, RunStatus.IN_PROGRESS, null, 100))).isEmpty();
            assertThat(reader.runs().list(new RunQuery(null, RunStatus.QUEUED, null, 100))).isEmpty();
        }
    }

    /** Four new sessions of alice, one line each: id and agent. */
    private static List<String> sessions(Colony colony) {
        List<String> lines = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Session session = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            lines.add(session.id().value() + " codex");
        }
        return lines;
    }
}
