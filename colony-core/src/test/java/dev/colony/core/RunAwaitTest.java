package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.run.BlockedOn;
import dev.colony.api.run.Run;
import dev.colony.api.run.RunId;
import dev.colony.api.run.RunOutcome;
import dev.colony.api.run.RunQuery;
import dev.colony.api.run.RunSettings;
import dev.colony.api.run.RunSpec;
import dev.colony.api.run.RunStatus;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Waiting on runs in one process: await returns what ended and what did not within its wait, and delivers the
 * ended runs to their spawner once; a future completes on the finishing thread's commit; asking the user blocks
 * the asking run until an answer resumes it, and is refused outside a run.
 */
class RunAwaitTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open() {
        return Colony.builder().storage(H2StorageProvider.inMemory()).clock(clock).build();
    }

    @Test
    void awaitReturnsEndedAndPendingRunsAndDeliversTheEndedOnesOnce() throws Exception {
        try (Colony colony = open()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope worker = as(colony, "alice", "codex");
            Run first = lead.runs().spawn(RunSpec.agent("codex", "review the parser"));
            Run second = lead.runs().spawn(RunSpec.agent("codex", "review the lexer"));
            worker.runs().take(first.id());
            worker.runs().finish(first.id(), RunOutcome.finished("two bugs").withTokens(900, 120));

            List<Run> partial = lead.runs().await(List.of(first.id(), second.id()), Duration.ofMillis(50));
            assertThat(partial).extracting(Run::status).containsExactly(RunStatus.FINISHED, RunStatus.IN_PROGRESS);
            assertThat(lead.runs().list(RunQuery.defaults())).extracting(Run::id).as("delivered runs leave the "
                    + "default listing").containsExactly(second.id());
            assertThat(lead.runs().claimNotification(first.id())).as("the latch was taken by the await").isFalse();

            CompletableFuture<List<Run>> waiting = CompletableFuture.supplyAsync(() -> lead.runs().await(List.of(
                    second.id()), Duration.ofSeconds(30)));
            worker.runs().take(second.id());
            worker.runs().fail(second.id(), RunOutcome.failed("no lexer here"));
            assertThat(waiting.get(30, TimeUnit.SECONDS)).extracting(Run::status).containsExactly(RunStatus.FAILED);

            Run third = lead.runs().spawn(RunSpec.agent("codex", "review the docs"));
            worker.runs().finish(third.id(), RunOutcome.finished("fine"));
            CallerScope otherAgent = as(colony, "alice", "gemini");
            otherAgent.runs().await(List.of(third.id()), Duration.ZERO);
            assertThat(lead.runs().get(third.id()).notified()).as("another agent's await delivers nothing").isFalse();
            CallerScope restarted = as(colony, "alice", "claude-code");
            restarted.runs().await(List.of(third.id()), Duration.ZERO);
            assertThat(lead.runs().get(third.id()).notified()).as("a later session of the spawning agent collects "
                    + "it").isTrue();

            assertRefused(() -> lead.runs().await(List.of(), Duration.ZERO), ErrorCode.INVALID_ARGUMENT, "task_ids");
            assertRefused(() -> lead.runs().await(List.of(new RunId("a00000000")), Duration.ZERO),
                    ErrorCode.RUN_NOT_FOUND, "task_ids");
            assertRefused(() -> lead.runs().await(List.of(first.id()), Duration.ofSeconds(-1)),
                    ErrorCode.INVALID_ARGUMENT, "wait");
            assertRefused(() -> as(colony, "bob").runs().await(List.of(first.id()), Duration.ZERO),
                    ErrorCode.RUN_NOT_FOUND, "task_ids");
        }
    }

    @Test
    void asynchronousWaitsHoldNoThreadAndACancelledOneReleasesWhatItHeldAtOnce() throws Exception {
        try (Colony colony = open()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope worker = as(colony, "alice", "codex");
            Run parent = lead.runs().spawn(RunSpec.agent("codex", "ship the release"));
            worker.runs().take(parent.id());
            Run child = worker.runs().spawn(RunSpec.agent("gemini", "write the notes"));

            int threads = Thread.activeCount();
            List<CompletableFuture<List<Run>>> many = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                many.add(lead.runs().awaitAsync(List.of(child.id()), Duration.ofSeconds(30)));
            }
            assertThat(Thread.activeCount() - threads).as("200 waits, no thread each").isLessThan(10);
            assertThat(colony.runHub().waits()).isEqualTo(200);
            many.forEach(wait -> wait.cancel(true));
            assertThat(colony.runHub().waits()).as("cancelling removes the waits at once").isZero();

            CompletableFuture<List<Run>> waiting = worker.runs().awaitAsync(List.of(child.id()), Duration.ofSeconds(30));
            Run blocked = worker.runs().get(parent.id());
            assertThat(blocked.status()).as("the waiting session's own run gives up its slot")
                    .isEqualTo(RunStatus.BLOCKED);
            assertThat(waiting.cancel(true)).isTrue();
            assertThat(colony.runHub().waits()).isZero();
            assertThat(worker.runs().nextChange(parent.id(), blocked.version()).get(30, TimeUnit.SECONDS).status())
                    .as("and takes it back when the wait is cancelled").isEqualTo(RunStatus.IN_PROGRESS);

            CompletableFuture<List<Run>> ending = lead.runs().awaitAsync(List.of(child.id()), Duration.ofSeconds(30));
            as(colony, "alice", "gemini").runs().finish(child.id(), RunOutcome.finished("notes written"));
            assertThat(ending.get(30, TimeUnit.SECONDS)).extracting(Run::status).containsExactly(RunStatus.FINISHED);
            assertThat(lead.runs().awaitAnswerAsync(child.id(), Duration.ofMillis(20)).get(30, TimeUnit.SECONDS)
                    .status()).isEqualTo(RunStatus.FINISHED);
        }
    }

    @Test
    void aCompletionFutureCompletesWhenAnotherCallerEndsTheRun() throws Exception {
        try (Colony colony = open()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            Run run = lead.runs().create(RunSpec.agent("codex", "write the docs"));
            CompletableFuture<Run> done = lead.runs().completion(run.id());
            assertThat(done).isNotDone();
            CallerScope worker = as(colony, "alice", "codex");
            worker.runs().take(run.id());
            assertThat(done).isNotDone();
            worker.runs().finish(run.id(), RunOutcome.finished("docs written"));
            assertThat(done).as("completed by the finishing commit, in this process").isCompleted();
            assertThat(done.get().result()).isEqualTo("docs written");
            assertThat(lead.runs().completion(run.id())).isCompletedWithValueMatching(ended -> ended.status()
                    == RunStatus.FINISHED);
        }
    }

    @Test
    void askingTheUserBlocksTheRunUntilAnAnswerResumesIt() throws Exception {
        try (Colony colony = open()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope worker = as(colony, "alice", "codex");
            assertRefused(() -> worker.runs().ask(null, "JWT or sessions?"), ErrorCode.NOT_IN_A_RUN, "task_id");
            Run run = lead.runs().spawn(RunSpec.agent("codex", "add login"));
            worker.runs().take(run.id());
            assertRefused(() -> worker.runs().ask(null, " "), ErrorCode.INVALID_ARGUMENT, "question");

            Run blocked = worker.runs().ask(null, "JWT or sessions?");
            assertThat(blocked.status()).isEqualTo(RunStatus.BLOCKED);
            assertThat(blocked.blockedOn()).isEqualTo(BlockedOn.USER_INPUT);
            assertThat(worker.runs().ask(run.id(), "JWT or sessions?").version()).as("asking again changes nothing")
                    .isEqualTo(blocked.version());
            assertThat(worker.runs().awaitAnswer(run.id(), Duration.ofMillis(20)).status())
                    .isEqualTo(RunStatus.BLOCKED);

            CompletableFuture<Run> answered = CompletableFuture.supplyAsync(() -> worker.runs().awaitAnswer(run.id(),
                    Duration.ofSeconds(30)));
            lead.runs().resume(run.id(), "JWT");
            Run resumed = answered.get(30, TimeUnit.SECONDS);
            assertThat(resumed.status()).isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(resumed.answer()).isEqualTo("JWT");

            worker.runs().take(lead.runs().spawn(RunSpec.agent("codex", "add logout")).id());
            assertRefused(() -> worker.runs().ask(null, "which page?"), ErrorCode.INVALID_ARGUMENT, "task_id");
            assertRefused(() -> lead.runs().ask(run.id(), "mine?"), ErrorCode.NOT_IN_A_RUN, "task_id");
        }
    }

    @Test
    void anAnswerGivenAfterTheWaitEndedReachesTheRunsNextAskWhateverItAsks() {
        try (Colony colony = open()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope worker = as(colony, "alice", "codex");
            Run run = lead.runs().spawn(RunSpec.agent("codex", "add login"));
            worker.runs().take(run.id());
            worker.runs().ask(null, "JWT or sessions?");
            assertThat(worker.runs().awaitAnswer(run.id(), Duration.ZERO).status()).as("nobody answered in time")
                    .isEqualTo(RunStatus.BLOCKED);
            lead.runs().resume(run.id(), "JWT");
            clock.advance(Duration.ofMinutes(10));
            assertThat(lead.runs().get(run.id())).as("kept on the run until the asker has it").satisfies(waiting -> {
                assertThat(waiting.answerWaiting()).isTrue();
                assertThat(waiting.answer()).isEqualTo("JWT");
            });

            Run late = worker.runs().ask(null, "JWT or sessions?");
            assertThat(late.status()).as("returned at once, not asked again").isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(late.answer()).isEqualTo("JWT");
            assertThat(late.question()).isEqualTo("JWT or sessions?");
            assertThat(late.answerWaiting()).as("received").isFalse();
            Run anew = worker.runs().ask(null, "JWT or sessions?");
            assertThat(anew.status()).as("once received, the same question is asked anew")
                    .isEqualTo(RunStatus.BLOCKED);
            assertThat(anew.answer()).isNull();

            lead.runs().resume(run.id(), "sessions after all");
            Run other = worker.runs().ask(null, "Which login page?");
            assertThat(other.status()).as("a different question gets the unseen answer first")
                    .isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(other.answer()).isEqualTo("sessions after all");
            assertThat(other.question()).as("with the question it answers").isEqualTo("JWT or sessions?");
            assertThat(worker.runs().ask(null, "Which login page?").question()).isEqualTo("Which login page?");
        }
    }

    @Test
    void anAnswerThatFoundNoFreeSlotStillReachesTheNextAsk() {
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).clock(clock)
                .runs(RunSettings.defaults().withMaxConcurrent(1)).build()) {
            CallerScope lead = as(colony, "alice", "claude-code");
            CallerScope worker = as(colony, "alice", "codex");
            Run run = lead.runs().spawn(RunSpec.agent("codex", "add login"));
            worker.runs().take(run.id());
            worker.runs().ask(null, "JWT or sessions?");
            Run other = lead.runs().spawn(RunSpec.agent("gemini", "write the docs"));
            assertThat(other.status()).as("the asking run's slot went to it").isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(lead.runs().resume(run.id(), "JWT").status()).isEqualTo(RunStatus.QUEUED);

            Run late = worker.runs().ask(null, "JWT or sessions?");
            assertThat(late.status()).isEqualTo(RunStatus.QUEUED);
            assertThat(late.answer()).isEqualTo("JWT");
            lead.runs().finish(other.id(), RunOutcome.finished("docs"));
            Run promoted = worker.runs().get(run.id());
            assertThat(promoted.status()).isEqualTo(RunStatus.IN_PROGRESS);
            assertThat(promoted.answerWaiting()).as("received before it was promoted").isFalse();
        }
    }
}
