package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunKind;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.api.run.Runs;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The run registry on every store: slots shared by every caller, promotion on every kind of release, terminal
 * states that stay final (a kill before a late finish included), the completion latch, timeouts that do not
 * count time spent waiting for the user, created runs taken by their agent, errors naming their field, and
 * nothing of one user's runs for another.
 */
class RunsTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    private static RunStatus status(CallerScope caller, Run run) {
        return caller.runs().get(run.id()).status();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void slotsAreSharedAndEveryReleasePromotesTheOldestQueuedRun(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < 7; i++) {
                runs.add(alice.runs().spawn(RunSpec.agent("codex", "job " + i)));
                clock.advance(Duration.ofSeconds(1));
            }

            assertThat(runs).extracting(Run::status).containsExactly(RunStatus.IN_PROGRESS, RunStatus.IN_PROGRESS,
                    RunStatus.IN_PROGRESS, RunStatus.IN_PROGRESS, RunStatus.QUEUED, RunStatus.QUEUED,
                    RunStatus.QUEUED);
            assertThat(runs.get(0).id().kind()).isEqualTo(RunKind.AGENT);
            assertThat(runs.get(0).id().value()).matches("a[0-9a-z]{8}");

            Run finished = alice.runs().finish(runs.get(0).id(), RunOutcome.finished("done").withTokens(100, 20));
            assertThat(finished.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(finished.promptTokens()).isEqualTo(100);
            assertThat(status(alice, runs.get(4))).as("a finish promotes").isEqualTo(RunStatus.IN_PROGRESS);

            alice.runs().block(runs.get(1).id(), BlockedOn.USER_INPUT, "JWT or sessions?");
            assertThat(status(alice, runs.get(5))).as("a block promotes").isEqualTo(RunStatus.IN_PROGRESS);

            Run resumed = alice.runs().resume(runs.get(1).id(), "JWT");
            assertThat(resumed.status()).as("no free slot: back in line").isEqualTo(RunStatus.QUEUED);
            assertThat(resumed.answer()).isEqualTo("JWT");

            alice.runs().kill(runs.get(2).id());
            assertThat(status(alice, runs.get(1))).as("a kill promotes, and the resumed run is first in line")
                    .isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(status(alice, runs.get(6))).isEqualTo(RunStatus.QUEUED);

            alice.runs().fail(runs.get(3).id(), RunOutcome.failed("compile error"));
            assertThat(status(alice, runs.get(6))).as("a failure promotes").isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(alice.runs().list(new RunQuery(null, RunStatus.IN_PROGRESS, null, 16))).hasSize(4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void terminalStatesStayFinalAndOneCallerDeliversTheCompletion(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            Run run = alice.runs().spawn(RunSpec.agent("codex", "review").timingOutAfter(Duration.ofMinutes(2)));
            assertThat(run.id().kind()).isEqualTo(RunKind.AGENT);

            assertRefused(() -> alice.runs().claimNotification(run.id()), ErrorCode.RUN_NOT_TERMINAL, "task_id");
            Run killed = alice.runs().kill(run.id());

            assertThat(killed.status()).isEqualTo(RunStatus.KILLED);
            assertRefused(() -> alice.runs().finish(run.id(), RunOutcome.finished("late")),
                    ErrorCode.RUN_ALREADY_TERMINAL, "task_id");
            assertRefused(() -> alice.runs().fail(run.id(), RunOutcome.failed("exit 137").withExitCode(137)),
                    ErrorCode.RUN_ALREADY_TERMINAL, "task_id");
            assertThat(status(alice, run)).isEqualTo(RunStatus.KILLED);
            assertThat(alice.runs().claimNotification(run.id())).isTrue();
            assertThat(alice.runs().claimNotification(run.id())).isFalse();
            assertThat(alice.runs().list(RunQuery.defaults())).as("notified terminal runs drop out of listings")
                    .isEmpty();
            assertThat(alice.runs().list(new RunQuery(null, RunStatus.KILLED, null, 16))).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void timeoutsCountOnlyTimeInProgress(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            Run asking = alice.runs().spawn(RunSpec.agent("codex", "ask first").timingOutAfter(Duration.ofMinutes(5)));
            Run working = alice.runs().spawn(RunSpec.agent("codex", "work").timingOutAfter(Duration.ofMinutes(5)));
            clock.advance(Duration.ofMinutes(2));
            alice.runs().block(asking.id(), BlockedOn.USER_INPUT, "which database?");
            clock.advance(Duration.ofMinutes(30));
            alice.runs().resume(asking.id(), "PostgreSQL");
            clock.advance(Duration.ofMinutes(2));

            List<Run> expired = alice.runs().expire();

            assertThat(expired).extracting(Run::id).containsExactly(working.id());
            assertThat(expired.get(0).error()).contains("timed out");
            Run stillGoing = alice.runs().get(asking.id());
            assertThat(stillGoing.status()).as("4 minutes in progress, 30 waiting for the user")
                    .isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(stillGoing.activeAt(clock.instant())).isEqualTo(Duration.ofMinutes(4));
            clock.advance(Duration.ofMinutes(2));
            assertThat(alice.runs().expire()).extracting(Run::id).containsExactly(asking.id());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void createdRunsWaitForTheirAgentAndBadInputNamesItsField(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope cursor = as(colony, "alice", "cursor");
            Run created = alice.runs().create(RunSpec.agent("codex", "implement the login form"));
            Run child = alice.runs().spawn(RunSpec.agent("codex", "a part of it").under(created.id()));

            assertThat(created.status()).isEqualTo(RunStatus.QUEUED);
            assertThat(created.dispatched()).isFalse();
            assertThat(alice.runs().list(new RunQuery("codex", null, created.id(), 16))).extracting(Run::id)
                    .containsExactly(child.id());
            assertRefused(() -> cursor.runs().take(created.id()), ErrorCode.RUN_NOT_AVAILABLE, "task_id");
            Run taken = codex.runs().take(created.id());
            assertThat(taken.status()).isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(taken.executor()).isEqualTo(codex.actor().session());
            assertRefused(() -> as(colony, "alice", "codex").runs().take(created.id()), ErrorCode.RUN_NOT_AVAILABLE,
                    "task_id");
            Run pickedUp = codex.runs().take(child.id());
            assertThat(pickedUp.executor()).as("a dispatched run in progress nobody took").isEqualTo(
                    codex.actor().session());

            assertRefused(() -> alice.runs().spawn(new RunSpec(null, "codex", "x", null, null, null, null, null)),
                    ErrorCode.INVALID_ARGUMENT, "kind");
            assertRefused(() -> alice.runs().spawn(RunSpec.agent(null, "x")), ErrorCode.INVALID_ARGUMENT, "agent");
            assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", " ")), ErrorCode.INVALID_ARGUMENT,
                    "message");
            assertRefused(() -> alice.runs().spawn(RunSpec.shell(null)), ErrorCode.SHELL_DISABLED, "command");
            assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", "x").timingOutAfter(Duration.ZERO)),
                    ErrorCode.INVALID_ARGUMENT, "timeout");
            assertRefused(() -> alice.runs().spawn(RunSpec.agent("codex", "x").under(new RunId("a00000000"))),
                    ErrorCode.RUN_NOT_FOUND, "parent_id");
            assertRefused(() -> alice.runs().block(created.id(), BlockedOn.USER_INPUT, null),
                    ErrorCode.INVALID_ARGUMENT, "question");
            assertRefused(() -> alice.runs().resume(created.id(), "x"), ErrorCode.RUN_NOT_BLOCKED, "task_id");
            assertRefused(() -> alice.runs().list(new RunQuery(null, null, null, 0)), ErrorCode.INVALID_ARGUMENT,
                    "limit");
            CallerScope bob = as(colony, "bob", "codex");
            assertRefused(() -> bob.runs().get(created.id()), ErrorCode.RUN_NOT_FOUND, "task_id");
            assertRefused(() -> bob.runs().kill(created.id()), ErrorCode.RUN_NOT_FOUND, "task_id");
            assertThat(bob.runs().list(RunQuery.defaults())).isEmpty();
            assertThat(status(alice, created)).as("nothing half-written").isEqualTo(RunStatus.IN_PROGRESS);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void concurrentSpawnsAndFinishesNeverExceedTheSlots(String name, Function<Path, StorageProvider> store)
            throws Exception {
        try (Colony colony = open(store)) {
            List<CallerScope> callers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                callers.add(as(colony, "alice", "agent-" + i));
            }
            ExecutorService pool = Executors.newFixedThreadPool(callers.size());
            try {
                List<Future<List<Run>>> spawned = new ArrayList<>();
                for (CallerScope caller : callers) {
                    spawned.add(pool.submit(() -> {
                        List<Run> mine = new ArrayList<>();
                        for (int i = 0; i < 5; i++) {
                            mine.add(caller.runs().spawn(RunSpec.agent("codex", "job")));
                        }
                        return mine;
                    }));
                }
                List<Run> all = new ArrayList<>();
                for (Future<List<Run>> future : spawned) {
                    all.addAll(future.get());
                }
                CallerScope alice = callers.get(0);
                assertThat(inProgress(alice)).isEqualTo(Runs.DEFAULT_MAX_CONCURRENT);
                List<Future<?>> finishing = new ArrayList<>();
                for (Run run : all) {
                    finishing.add(pool.submit(() -> {
                        alice.runs().finish(run.id(), RunOutcome.finished("ok"));
                        assertThat(inProgress(alice)).isLessThanOrEqualTo(Runs.DEFAULT_MAX_CONCURRENT);
                    }));
                }
                for (Future<?> future : finishing) {
                    future.get();
                }
                assertThat(alice.runs().list(new RunQuery(null, RunStatus.FINISHED, null, 100))).hasSize(20);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static int inProgress(CallerScope caller) {
        return caller.runs().list(new RunQuery(null, RunStatus.IN_PROGRESS, null, 100)).size();
    }
}
