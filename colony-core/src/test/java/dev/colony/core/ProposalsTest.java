package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.proposal.ForagingReport;
import dev.colony.api.proposal.Proposal;
import dev.colony.api.proposal.ProposalDraft;
import dev.colony.api.proposal.ProposalStatus;
import dev.colony.api.proposal.Proposals;
import dev.colony.api.proposal.Reinforcement;
import dev.colony.api.proposal.ReinforcementKind;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.core.internal.proposal.ProposalService;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proposals on every store: strength from decaying, per-session, per-agent-type backing; promotion into a task
 * thread exactly once, also when sessions push it over together; the report's noise floor; errors naming their
 * field; and a user who cannot read a proposal sees none of it.
 */
class ProposalsTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    private static ProposalDraft helper() {
        return new ProposalDraft(REPO, "main", "Extract a shared walk helper", "Three call sites reimplement it",
                List.of("src/walk.ts", "./src/cli.ts"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void backingFromNewAgentTypesPromotesTheProposalIntoOneTaskThread(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope proposer = as(colony, "alice", "claude-code");
            Reinforcement proposed = proposer.proposals().propose(helper());
            long id = proposed.proposal();

            Reinforcement again = proposer.proposals().reinforce(id, ReinforcementKind.EXPLICIT);
            Reinforcement stronger = proposer.proposals().reinforce(id, ReinforcementKind.REDISCOVERED);
            Reinforcement sameType = as(colony, "alice", "claude-code").proposals().reinforce(id,
                    ReinforcementKind.EXPLICIT);

            assertThat(proposed.strength()).isEqualTo(1.0);
            assertThat(proposed.promotionThreshold()).isEqualTo(Proposals.PROMOTION_THRESHOLD);
            assertThat(again.strength()).as("a session counts once").isEqualTo(1.0);
            assertThat(stronger.strength()).as("with its strongest backing").isEqualTo(1.2);
            assertThat(sameType.strength()).as("a second claude session counts 0.6").isEqualTo(1.8);
            assertThat(sameType.promoted()).isFalse();
            assertThat(sameType.task()).isNull();

            Reinforcement crossing = as(colony, "alice", "codex").proposals().reinforce(id,
                    ReinforcementKind.REDISCOVERED);

            assertThat(crossing.strength()).isEqualTo(3.0);
            assertThat(crossing.promoted()).isTrue();
            assertThat(crossing.promotedNow()).isTrue();
            assertThat(crossing.branch()).isEqualTo("main/proposal-" + id);
            List<TaskThread> threads = proposer.tasks().list(new TaskListQuery(REPO, null, 50));
            assertThat(threads).extracting(TaskThread::branch).containsExactly("main/proposal-" + id);
            assertThat(threads.get(0).id()).isEqualTo(crossing.task());
            assertThat(threads.get(0).title()).isEqualTo("Extract a shared walk helper");
            assertThat(proposer.tasks().timeline(crossing.task(), 10)).anySatisfy(entry ->
                    assertThat(entry.kind()).isEqualTo(ProposalService.PROPOSAL_RECORD));

            Reinforcement after = as(colony, "alice", "cursor").proposals().reinforce(id,
                    ReinforcementKind.EXPLICIT);

            assertThat(after.promoted()).isTrue();
            assertThat(after.promotedNow()).as("promoted once").isFalse();
            assertThat(after.task()).isEqualTo(crossing.task());
            Proposal read = proposer.proposals().get(id);
            assertThat(read.status()).isEqualTo(ProposalStatus.PROMOTED);
            assertThat(read.reinforcingSessions()).as("the cursor session came after promotion").isEqualTo(3);
            assertThat(read.touchesFiles()).containsExactly("src/walk.ts", "src/cli.ts");
            assertThat(read.promotedAt()).isEqualTo(clock.instant());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void backingFadesWithItsHalfLifeAndTheReportLeavesOutWhatFaded(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            long faded = alice.proposals().propose(new ProposalDraft(REPO, "main", "Old idea", null, null))
                    .proposal();
            clock.advance(Duration.ofMinutes(90));
            long fresh = alice.proposals().propose(new ProposalDraft(REPO, "main", "New idea", null, null))
                    .proposal();
            long other = alice.proposals().propose(new ProposalDraft(REPO, "dev", "Other branch", null, null))
                    .proposal();
            clock.advance(Duration.ofMinutes(60));

            assertThat(alice.proposals().get(fresh).strength()).isCloseTo(0.5, within(0.005));
            assertThat(alice.proposals().get(faded).strength()).isCloseTo(0.18, within(0.005));
            ForagingReport report = alice.proposals().report(REPO, "main", 10);
            assertThat(report.pending()).extracting(Proposal::id).containsExactly(fresh);
            assertThat(report.faded()).isEqualTo(1);
            assertThat(report.promoted()).isEmpty();
            assertThat(alice.proposals().report(REPO, "dev", 10).pending()).extracting(Proposal::id)
                    .containsExactly(other);

            Reinforcement revived = alice.proposals().reinforce(faded, ReinforcementKind.EXPLICIT);

            assertThat(revived.strength()).as("a new backing starts at full weight").isEqualTo(1.0);
            assertThat(alice.proposals().report(REPO, "main", 10).pending()).extracting(Proposal::id)
                    .containsExactly(faded, fresh);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void badInputIsRefusedNamingTheFieldAndOthersSeeNothing(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            long id = alice.proposals().propose(helper()).proposal();
            CallerScope bob = as(colony, "bob", "codex");

            assertRefused(() -> alice.proposals().propose(new ProposalDraft(REPO, "main", " ", null, null)),
                    ErrorCode.INVALID_ARGUMENT, "summary");
            assertRefused(() -> alice.proposals().propose(new ProposalDraft("relative", "main", "x", null, null)),
                    ErrorCode.INVALID_ARGUMENT, "repo_root");
            assertRefused(() -> alice.proposals().propose(new ProposalDraft(REPO, null, "x", null, null)),
                    ErrorCode.INVALID_ARGUMENT, "branch");
            assertRefused(() -> alice.proposals().propose(new ProposalDraft(REPO, "main", "x", null,
                    List.of("ok.ts", "../outside.ts"))), ErrorCode.INVALID_CLAIM_PATH, "touches_files[1]");
            assertRefused(() -> alice.proposals().reinforce(id, null), ErrorCode.INVALID_ARGUMENT, "kind");
            assertRefused(() -> alice.proposals().reinforce(id + 1_000, ReinforcementKind.EXPLICIT),
                    ErrorCode.PROPOSAL_NOT_FOUND, "proposal_id");
            assertRefused(() -> alice.proposals().report(REPO, "main", 0), ErrorCode.INVALID_ARGUMENT, "limit");
            assertRefused(() -> bob.proposals().reinforce(id, ReinforcementKind.EXPLICIT),
                    ErrorCode.PROPOSAL_NOT_FOUND, "proposal_id");
            assertRefused(() -> bob.proposals().get(id), ErrorCode.PROPOSAL_NOT_FOUND, "proposal_id");
            assertThat(bob.proposals().report(REPO, "main", 10).pending()).isEmpty();
            assertThat(alice.proposals().report(REPO, "main", 10).pending()).as("nothing half-written")
                    .extracting(Proposal::id).containsExactly(id);
            assertThat(alice.proposals().get(id).strength()).isEqualTo(1.0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void sessionsPushingTogetherPromoteExactlyOnce(String name, Function<Path, StorageProvider> store)
            throws Exception {
        try (Colony colony = open(store)) {
            long id = as(colony, "alice", "claude-code").proposals().propose(helper()).proposal();
            List<CallerScope> backers = new ArrayList<>();
            for (String agent : List.of("codex", "cursor", "gemini", "aider", "copilot", "windsurf")) {
                backers.add(as(colony, "alice", agent));
            }
            ExecutorService pool = Executors.newFixedThreadPool(backers.size());
            List<Future<Reinforcement>> outcomes = new ArrayList<>();
            try {
                for (CallerScope backer : backers) {
                    Callable<Reinforcement> call = () -> backer.proposals().reinforce(id,
                            ReinforcementKind.REDISCOVERED);
                    outcomes.add(pool.submit(call));
                }
                int promotedNow = 0;
                for (Future<Reinforcement> outcome : outcomes) {
                    Reinforcement result = outcome.get();
                    promotedNow += result.promotedNow() ? 1 : 0;
                    assertThat(result.strength()).isGreaterThanOrEqualTo(2.2);
                }
                assertThat(promotedNow).isEqualTo(1);
            } finally {
                pool.shutdownNow();
            }
            List<TaskThread> threads = as(colony, "alice").tasks().list(new TaskListQuery(REPO, null, 50));
            assertThat(threads).hasSize(1);
            assertThat(as(colony, "alice").proposals().get(id).task()).isEqualTo(threads.get(0).id());
        } catch (ColonyException e) {
            throw new AssertionError("no reinforcement may fail: " + e.code() + " " + e.getMessage(), e);
        }
    }
}
