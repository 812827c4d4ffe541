package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.TaskId;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.ThreadEntry;
import dev.colony.store.postgres.PostgresTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The claim races with a second JVM on one store (a SQLite file, a PostgreSQL database), as two agents'
 * MCP servers run them: every round both processes accept the same handoff or relay and claim the same
 * file at once (different agent types), then both release the same expired quota claims. Exactly one
 * process wins each accept and each claim; each expired claim is weakened, and audited, once.
 */
class TwoProcessClaimRaceTest {

    private static final int ROUNDS = 40;
    private static final int RELEASED_FILES = 8;
    private static final Instant SETUP = Instant.parse("2026-02-01T08:00:00Z");
    private static final Instant RACE = SETUP.plus(Duration.ofMinutes(60));

    @TempDir
    Path dir;

    static Stream<Arguments> stores() {
        return Stream.of(Arguments.of("sqlite"), Arguments.of("postgresql"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void oneProcessWinsEveryAcceptAndClaimAndEachExpiredClaimIsWeakenedOnce(String name) throws Exception {
        boolean postgres = name.equals("postgresql");
        String store = postgres ? PostgresTestServer.databaseFor(dir) : dir.resolve("colony.db").toString();
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path batons = dir.resolve("batons.txt");
        Session parentSession;
        Session childSession;
        TaskId task;
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store))
                .clock(Clock.fixed(SETUP, ZoneOffset.UTC)).build()) {
            Session senderSession = colony.sessions().ensure(SessionStart.of("alice", "gemini"));
            parentSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
            childSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
            CallerScope sender = colony.as(senderSession.actor());
            task = sender.tasks().open("/work/race", "feature/processes").thread().id();
            colony.as(parentSession.actor()).tasks().join(task);
            colony.as(childSession.actor()).tasks().join(task);
            for (int i = 0; i < RELEASED_FILES; i++) {
                sender.claims().claim(task, "release/F" + i + ".txt", null);
            }
            sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "quota gone")
                    .expiringIn(Duration.ofMinutes(1)));
            List<String> lines = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                boolean relay = round % 2 == 1;
                long id = relay
                        ? sender.relays().relay(RelayRequest.of(task, RelayReason.RATE_LIMIT, "round " + round)
                                .expiringIn(Duration.ofMinutes(480))).id().value()
                        : sender.handoffs().handOff(HandoffRequest.of(task, "any", "round " + round)
                                .expiringIn(Duration.ofMinutes(480))).id().value();
                lines.add((relay ? "relay " : "handoff ") + id);
            }
            Files.write(batons, lines, StandardCharsets.UTF_8);
        }
        ClaimRaceProcess.Sides sides = ClaimRaceProcess.race(postgres, dir, ClaimRaceProcess.class, List.of(store,
                barrier.toString(), "child", "parent", "alice", childSession.id().value(), childSession.agent(),
                Long.toString(task.value()), batons.toString(), Long.toString(RACE.toEpochMilli())),
                childAlive -> ClaimRaceProcess.run(store, barrier, "parent", "child", childAlive, parentSession.user(),
                        parentSession.id(), parentSession.agent(), task, batons, RACE));
        List<String> mine = sides.parent();
        List<String> theirs = sides.child();
        for (int round = 0; round < ROUNDS; round++) {
            assertThat(List.of(result(mine, "accept", round), result(theirs, "accept", round))).as("accept " + round)
                    .containsExactlyInAnyOrder("ok", "ALREADY_ACCEPTED");
            assertThat(List.of(result(mine, "claim", round), result(theirs, "claim", round))).as("claim " + round)
                    .containsExactlyInAnyOrder("ok", "CLAIM_HELD_BY_ACTIVE_OWNER");
        }
        List<String> weakened = Stream.concat(mine.stream(), theirs.stream()).filter(l -> l.startsWith("weakened "))
                .toList();
        assertThat(weakened).hasSize(RELEASED_FILES).doesNotHaveDuplicates();
        try (Colony colony = Colony.builder().storage(ClaimRaceProcess.open(store)).build()) {
            List<ThreadEntry> audits = colony.storage().read(tx -> tx.taskPosts().timeline(task, 10_000)).stream()
                    .filter(entry -> entry.kind().name().equals("claim-weakened")).toList();
            assertThat(audits).hasSize(RELEASED_FILES);
        }
    }

    private static String result(List<String> outcomes, String what, int round) {
        String prefix = what + " " + round + " ";
        return outcomes.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + prefix + " in " + outcomes));
    }
}
