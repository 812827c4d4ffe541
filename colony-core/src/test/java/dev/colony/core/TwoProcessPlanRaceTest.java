package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.UserId;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.Subtask;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two JVMs with eight threads each, every thread its own session, claim the same sub-task at once, round after
 * round, on one store (a SQLite file, a PostgreSQL database): exactly one of the sixteen wins each round,
 * every other attempt fails with {@code PLAN_SUBTASK_NOT_AVAILABLE} and nothing else, and the store names the
 * winner as the claimer.
 */
class TwoProcessPlanRaceTest {

    private static final int ROUNDS = 200;
    private static final int THREADS = 8;
    private static final Instant AT = Instant.parse("2026-03-02T08:00:00Z");

    @TempDir
    Path dir;

    static Stream<Arguments> stores() {
        return Stream.of(Arguments.of("sqlite"), Arguments.of("postgresql"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void exactlyOneOfSixteenClaimantsWinsEachRound(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String store = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path plans = dir.resolve("plans.txt");
        Path parentSessions = dir.resolve("parent-sessions.txt");
        Path childSessions = dir.resolve("child-sessions.txt");
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store))
                .clock(Clock.fixed(AT, ZoneOffset.UTC)).build()) {
            CallerScope publisher = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code"))
                    .actor());
            List<String> slugs = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                String slug = "race-" + round;
                publisher.plans().publish(PlanDraft.of("/work/race", slug, "Race " + round, List.of(
                        SubtaskDraft.of("Contested", List.of("race/" + round + ".ts")),
                        SubtaskDraft.of("Follow-up", List.of("race/" + round + "-next.ts")).dependingOn(0))));
                slugs.add(slug);
            }
            Files.write(plans, slugs, StandardCharsets.UTF_8);
            Files.write(parentSessions, sessions(colony), StandardCharsets.UTF_8);
            Files.write(childSessions, sessions(colony), StandardCharsets.UTF_8);
        }
        List<String> all = ClaimRaceProcess.race(postgres, dir, PlanRaceProcess.class, List.of(store,
                barrier.toString(), "child", "parent", "alice", childSessions.toString(), plans.toString(),
                Long.toString(AT.toEpochMilli())), childAlive -> PlanRaceProcess.run(store, barrier, "parent",
                        "child", childAlive, UserId.of("alice"), parentSessions, plans, AT)).all();
        assertThat(all).hasSize(ROUNDS * THREADS * 2);
        Map<String, List<String[]>> byRound = all.stream().map(line -> line.split(" "))
                .collect(Collectors.groupingBy(parts -> parts[0]));
        assertThat(byRound).hasSize(ROUNDS);
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            CallerScope reader = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            for (int round = 0; round < ROUNDS; round++) {
                List<String[]> attempts = byRound.get(Integer.toString(round));
                List<String> winners = attempts.stream().filter(parts -> parts[2].equals("ok")).map(parts -> parts[1])
                        .toList();
                assertThat(winners).as("round %d", round).hasSize(1);
                assertThat(attempts.stream().filter(parts -> !parts[2].equals("ok")).map(parts -> parts[2]))
                        .as("round %d", round).containsOnly("PLAN_SUBTASK_NOT_AVAILABLE");
                Subtask contested = reader.plans().get(PlanRef.of("race-" + round)).subtasks().get(0);
                assertThat(contested.claimedBy().value()).as("round %d", round).isEqualTo(winners.get(0));
            }
        }
    }

    /** Eight new sessions of alice, one line each: id and agent. */
    private static List<String> sessions(Colony colony) {
        List<String> lines = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Session session = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            lines.add(session.id().value() + " codex");
        }
        return lines;
    }
}
