package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agent runs executed in-process by a registered {@link dev.colony.api.run.AgentRunner}: the runner's outcome ends
 * the run, a runner that throws fails it, a kill interrupts it, runs spawned by another process are picked up, and
 * a parent run that awaits its queued child gives the child its slot instead of deadlocking.
 */
class AgentRunnerTest {

    private static final long BOUND_SECONDS = 20;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(RunSettings settings) {
        return Colony.builder().storage(SqliteStorageProvider.open(dir.resolve("c.db"))).clock(clock).runs(settings)
                .build();
    }

    @Test
    void aRunnerExecutesTheRunsOfItsAgentAndItsOutcomeEndsThem() throws Exception {
        RunSettings settings = RunSettings.defaults()
                .withAgentRunner("langchain", (run, runs) -> RunOutcome.finished("summary of: " + run.message())
                        .withTokens(300, 40))
                .withAgentRunner("broken", (run, runs) -> {
                    throw new IllegalStateException("model unavailable");
                });
        try (Colony colony = open(settings)) {
            CallerScope lead = as(colony, "alice", "claude-code");
            Run run = lead.runs().spawn(RunSpec.agent("langchain", "the design doc"));
            Run done = lead.runs().completion(run.id()).get(BOUND_SECONDS, TimeUnit.SECONDS);
            assertThat(done.status()).isEqualTo(RunStatus.FINISHED);
            assertThat(done.result()).isEqualTo("summary of: the design doc");
            assertThat(done.promptTokens()).isEqualTo(300);
            assertThat(lead.sessions().find(done.executor())).as("a session of the runner's agent took it")
                    .hasValueSatisfying(session -> assertThat(session.agent()).isEqualTo("langchain"));

            Run failed = lead.runs().completion(lead.runs().spawn(RunSpec.agent("broken", "anything")).id())
                    .get(BOUND_SECONDS, TimeUnit.SECONDS);
            assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
            assertThat(failed.error()).contains("model unavailable");
        }
    }

    @Test
    void aKillInterruptsTheRunnerAndStands() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch stopped = new CountDownLatch(1);
        RunSettings settings = RunSettings.defaults().withAgentRunner("slow", (run, runs) -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
                return RunOutcome.finished("never");
            } catch (InterruptedException e) {
                interrupted.set(true);
                throw e;
            } finally {
                stopped.countDown();
            }
        });
        try (Colony colony = open(settings)) {
            CallerScope lead = as(colony, "alice", "claude-code");
            Run run = lead.runs().spawn(RunSpec.agent("slow", "think forever"));
            assertThat(started.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            lead.runs().kill(run.id());
            assertThat(stopped.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(interrupted).isTrue();
            assertThat(lead.runs().get(run.id()).status()).isEqualTo(RunStatus.KILLED);
        }
    }

    @Test
    void runsSpawnedByAnotherProcessArePickedUp() throws Exception {
        try (Colony other = open(RunSettings.defaults())) {
            Run run = as(other, "alice", "claude-code").runs().spawn(RunSpec.agent("langchain", "from elsewhere"));
            try (Colony host = open(RunSettings.defaults().withAgentRunner("langchain", (handed, runs) ->
                    RunOutcome.finished("done here")))) {
                host.runHub().pickUpForRunners();
                Run done = as(host, "alice", "claude-code").runs().completion(run.id()).get(BOUND_SECONDS,
                        TimeUnit.SECONDS);
                assertThat(done.result()).isEqualTo("done here");
            }
        }
    }

    @Test
    void aParentAwaitingItsQueuedChildGivesItTheSlot() throws Exception {
        try (Colony colony = open(RunSettings.defaults().withMaxConcurrent(1))) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope gemini = as(colony, "alice", "gemini");
            Run parent = lead.runs().spawn(RunSpec.agent("codex", "ship the feature"));
            codex.runs().take(parent.id());
            Run child = codex.runs().spawn(RunSpec.agent("gemini", "write the tests").under(parent.id()));
            assertThat(child.status()).as("the parent holds the only slot").isEqualTo(RunStatus.QUEUED);

            CompletableFuture<List<Run>> awaiting = CompletableFuture.supplyAsync(() -> codex.runs().await(List.of(
                    child.id()), Duration.ofSeconds(BOUND_SECONDS)));
            Run promoted = codex.runs().nextChange(child.id(), child.version()).get(BOUND_SECONDS, TimeUnit.SECONDS);
            assertThat(promoted.status()).as("its next change is its promotion").isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(codex.runs().get(parent.id()).blockedOn()).as("the waiting parent gave up its slot")
                    .isEqualTo(BlockedOn.RUNS);
            gemini.runs().take(child.id());
            gemini.runs().finish(child.id(), RunOutcome.finished("tests written"));

            assertThat(awaiting.get(BOUND_SECONDS, TimeUnit.SECONDS)).extracting(Run::status)
                    .containsExactly(RunStatus.FINISHED);
            Run resumed = codex.runs().get(parent.id());
            assertThat(resumed.status()).isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(resumed.executor()).isEqualTo(codex.actor().session());
        }
    }
}
