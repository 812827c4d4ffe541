package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.baton.QuotaRelease;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.ThreadEntry;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.postgres.PostgresStorageProvider;
import dev.colony.store.postgres.PostgresTestServer;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Races in threads on every store: two sessions accepting one handoff or relay, two agents of
 * different types claiming one file, several callers releasing the same expired claims. Each round
 * starts both sides on a barrier so that they overlap; the outcome must be the same in every round.
 */
class BatonRacesTest {

    /** Rounds of the accept and claim races on the embedded stores (a server store runs fewer). */
    private static final int ROUNDS = 1_000;

    @TempDir
    Path dir;

    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    static Stream<Arguments> stores() {
        return Stream.of(
                Arguments.of("h2-mem", (Function<Path, StorageProvider>) d -> H2StorageProvider.inMemory(), ROUNDS),
                Arguments.of("sqlite", (Function<Path, StorageProvider>) d -> SqliteStorageProvider.open(
                        d.resolve("c.db")), ROUNDS),
                Arguments.of("h2-file", (Function<Path, StorageProvider>) d -> H2StorageProvider.file(d.resolve("c")),
                        ROUNDS / 4),
                Arguments.of("postgresql", (Function<Path, StorageProvider>) d -> PostgresStorageProvider.open(
                        PostgresTestServer.databaseFor(d)), ROUNDS / 10));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void exactlyOneOfTwoAcceptersWinsEveryHandoffAndRelay(String name, Function<Path, StorageProvider> store,
            int rounds) throws Exception {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).clock(clock).build()) {
            CallerScope sender = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            CallerScope first = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            CallerScope second = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex-cli")).actor());
            TaskId task = sender.tasks().open("/work/race", "feature/race").thread().id();
            first.tasks().join(task);
            second.tasks().join(task);
            Map<String, Integer> outcomes = new HashMap<>();
            for (int round = 0; round < rounds; round++) {
                boolean relay = round % 2 == 1;
                MemoryId baton = relay
                        ? sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "round " + round)).id()
                        : sender.handoffs().handOff(HandoffRequest.of(task, "codex", "round " + round)).id();
                List<String> both = together(
                        () -> outcome(() -> relay ? first.relays().accept(baton) : first.handoffs().accept(baton)),
                        () -> outcome(() -> relay ? second.relays().accept(baton) : second.handoffs().accept(baton)));
                assertThat(both).as("round " + round).containsExactlyInAnyOrder("accepted", "ALREADY_ACCEPTED");
                both.forEach(o -> outcomes.merge(o, 1, Integer::sum));
            }
            assertThat(outcomes).containsEntry("accepted", rounds).containsEntry("ALREADY_ACCEPTED", rounds);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void twoAgentTypesClaimingOneFileGetOneClaimAndOneHeld(String name, Function<Path, StorageProvider> store,
            int rounds) throws Exception {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).clock(clock).build()) {
            CallerScope claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            CallerScope codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            TaskId task = claude.tasks().open("/work/race", "feature/claims").thread().id();
            codex.tasks().join(task);
            for (int round = 0; round < rounds; round++) {
                String file = "src/F" + round + ".java";
                List<String> both = together(
                        () -> outcome(() -> claude.claims().claim(task, file, null)),
                        () -> outcome(() -> codex.claims().claim(task, file, null)));
                assertThat(both).as("round " + round)
                        .containsExactlyInAnyOrder("claimed", "CLAIM_HELD_BY_ACTIVE_OWNER");
            }
            assertThat(claude.claims().list(task, 1_000)).hasSize(Math.min(rounds, 1_000));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void concurrentReleasersWeakenEachClaimOnce(String name, Function<Path, StorageProvider> store, int rounds)
            throws Exception {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).clock(clock).build()) {
            CallerScope sender = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            List<CallerScope> releasers = new ArrayList<>();
            for (String agent : List.of("claude-code", "cursor", "gemini", "codex-cli")) {
                releasers.add(colony.as(colony.sessions().ensure(SessionStart.of("alice", agent)).actor()));
            }
            TaskId task = sender.tasks().open("/work/race", "feature/release").thread().id();
            int files = 10;
            int releaseRounds = Math.max(3, rounds / 40);
            for (int round = 0; round < releaseRounds; round++) {
                for (int i = 0; i < files; i++) {
                    sender.claims().claim(task, "r" + round + "/f" + i + ".txt", null);
                }
                sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "round " + round)
                        .expiringIn(Duration.ofMinutes(1)));
                clock.advance(Duration.ofMinutes(1));
                List<Callable<QuotaRelease>> calls = new ArrayList<>();
                for (CallerScope releaser : releasers) {
                    calls.add(() -> releaser.quotaBatons().releaseExpired(task, null, null));
                }
                List<QuotaRelease> results = togetherAll(calls);
                List<String> weakened = results.stream().flatMap(r -> r.weakenedFiles().stream()).toList();
                assertThat(weakened).as("round " + round).hasSize(files).doesNotHaveDuplicates();
                assertThat(results.stream().mapToInt(r -> r.expiredBatons().size()).sum()).isEqualTo(1);
            }
            List<ThreadEntry> audits = colony.storage().read(tx -> tx.taskPosts().timeline(task, 10_000)).stream()
                    .filter(entry -> entry.kind().name().equals("claim-weakened")).toList();
            assertThat(audits).hasSize(files * releaseRounds);
        }
    }

    private static String outcome(Callable<?> call) throws Exception {
        try {
            Object result = call.call();
            return result instanceof Baton ? "baton" : result.getClass().getSimpleName().equals("Acceptance")
                    ? "accepted" : "claimed";
        } catch (ColonyException e) {
            if (e.code() == ErrorCode.CONFLICT || e.code() == ErrorCode.STORAGE_FAILURE) {
                throw e;
            }
            return e.code().name();
        }
    }

    private List<String> together(Callable<String> a, Callable<String> b) throws Exception {
        return togetherAll(List.of(a, b));
    }

    private <T> List<T> togetherAll(List<Callable<T>> calls) throws Exception {
        CyclicBarrier start = new CyclicBarrier(calls.size());
        List<Future<T>> futures = new ArrayList<>();
        for (Callable<T> call : calls) {
            futures.add(pool.submit(() -> {
                start.await(30, TimeUnit.SECONDS);
                return call.call();
            }));
        }
        List<T> results = new ArrayList<>();
        for (Future<T> future : futures) {
            results.add(future.get(60, TimeUnit.SECONDS));
        }
        return results;
    }
}
