package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.ReadyEntry;
import dev.colony.api.plan.ReadyQuery;
import dev.colony.api.plan.ReadyReason;
import dev.colony.api.plan.ReadyWork;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.profile.AgentProfile;
import dev.colony.api.profile.AgentProfiles;
import dev.colony.api.profile.HandoffCandidate;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Agent profiles and the ready queue on every store: sub-tasks ranked by the caller's capability weights,
 * lowered by files others hold; the sub-task the rest of a plan waits on first; the caller's own sub-task
 * before anything else; an unambiguous best candidate claimed in the same call; sub-tasks held for an hour
 * by an idle session released.
 */
class ReadyQueueTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    /** An API and a page side by side, then a check that waits for both. */
    private static PlanDraft widgets(String slug) {
        return PlanDraft.of(REPO, slug, "Widgets", List.of(
                SubtaskDraft.of("Build the API", List.of("api/" + slug + ".ts")).needing("api_work"),
                SubtaskDraft.of("Build the page", List.of("web/" + slug + ".tsx")).needing("ui_work"),
                SubtaskDraft.of("Check both", List.of("e2e/" + slug + ".ts")).dependingOn(0, 1).needing("test_work")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void profilesKeepTheirWeightsPerAgentTypeAndRefuseBadOnes(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope codex = as(colony, "alice", "codex");

            AgentProfile fresh = codex.profiles().get("claude");
            AgentProfile saved = codex.profiles().upsert("codex-cli", Map.of("ui_work", 0.9, "rust_work", 0.7));
            AgentProfile merged = codex.profiles().upsert("codex", Map.of("api_work", 0.2));

            assertThat(fresh.capabilities()).containsOnlyKeys(AgentProfiles.STANDARD_CAPABILITIES)
                    .allSatisfy((kind, weight) -> assertThat(weight).isEqualTo(0.5));
            assertThat(fresh.defaults()).containsExactlyElementsOf(AgentProfiles.STANDARD_CAPABILITIES);
            assertThat(saved.agent()).isEqualTo("codex");
            assertThat(saved.weight("ui_work")).isEqualTo(0.9);
            assertThat(saved.weight("rust_work")).isEqualTo(0.7);
            assertThat(merged.weight("ui_work")).as("kept").isEqualTo(0.9);
            assertThat(merged.weight("api_work")).isEqualTo(0.2);
            assertThat(merged.defaults()).containsExactly("test_work", "infra_work", "doc_work");
            assertThat(as(colony, "bob", "codex").profiles().get("codex").weight("ui_work")).as("per user")
                    .isEqualTo(0.5);
            assertRefused(() -> codex.profiles().upsert("codex", Map.of("ui_work", 1.5)), ErrorCode.INVALID_ARGUMENT,
                    "capabilities");
            assertRefused(() -> codex.profiles().upsert("codex", Map.of("UI Work", 0.5)), ErrorCode.INVALID_ARGUMENT,
                    "capabilities");
            assertRefused(() -> codex.profiles().upsert("codex", Map.of()), ErrorCode.INVALID_ARGUMENT,
                    "capabilities");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void broadcastCandidatesAreLiveAgentTypesRankedByTheirWeightForTheFiles(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope sender = as(colony, "alice", "codex");
            as(colony, "alice", "claude-code").profiles().upsert("claude-code", Map.of("ui_work", 0.9));
            as(colony, "alice", "cursor");
            as(colony, "alice", "cursor");
            CallerScope gone = as(colony, "alice", "gemini");
            gone.sessions().end(gone.actor().session());
            sender.profiles().upsert("aider", Map.of("ui_work", 1.0));

            List<HandoffCandidate> ui = sender.profiles().candidatesFor(List.of("web/Widget.tsx", "web/app.css",
                    "api/widgets.ts"), 5);
            List<HandoffCandidate> none = sender.profiles().candidatesFor(List.of(), 1);

            assertThat(ui).extracting(HandoffCandidate::agent).as("live types only, the sender's session left out")
                    .containsExactly("claude", "cursor");
            assertThat(ui).extracting(HandoffCandidate::capability).containsOnly("ui_work");
            assertThat(ui).extracting(HandoffCandidate::weight).containsExactly(0.9, 0.5);
            assertThat(ui.get(1).liveSessions()).isEqualTo(2);
            assertThat(none).extracting(HandoffCandidate::agent).containsExactly("claude");
            assertThat(none.get(0).capability()).isNull();
            assertThat(none.get(0).weight()).as("the mean of its weights").isCloseTo(0.58, within(1e-9));
            assertRefused(() -> sender.profiles().candidatesFor(List.of(), 0), ErrorCode.INVALID_ARGUMENT, "limit");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void readyWorkIsRankedByFitAndTheClearBestIsClaimedInTheSameCall(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            codex.profiles().upsert("codex", Map.of("ui_work", 0.9, "api_work", 0.3));
            claude.plans().publish(widgets("widgets"));

            ReadyWork browsing = codex.plans().ready(ReadyQuery.defaults().browsing());

            assertThat(browsing.ready()).extracting(entry -> entry.subtask().index()).containsExactly(1, 0);
            assertThat(browsing.ready()).extracting(ReadyEntry::fitScore).containsExactly(0.9, 0.3);
            assertThat(browsing.ready()).extracting(ReadyEntry::reason).containsOnly(ReadyReason.READY_HIGH_SCORE);
            assertThat(browsing.totalAvailable()).isEqualTo(2);
            assertThat(browsing.autoClaimed()).isNull();
            assertThat(claude.plans().get(PlanRef.of("widgets")).subtasks().get(1).status())
                    .as("browsing claims nothing").isEqualTo(SubtaskStatus.AVAILABLE);

            ReadyWork claimed = codex.plans().ready(ReadyQuery.defaults());

            assertThat(claimed.autoClaimed()).isNotNull();
            assertThat(claimed.autoClaimed().subtaskIndex()).isEqualTo(1);
            assertThat(claimed.autoClaimed().fileScope()).containsExactly("web/widgets.tsx");
            ReadyWork holding = codex.plans().ready(ReadyQuery.defaults());
            assertThat(holding.ready().get(0).reason()).isEqualTo(ReadyReason.CONTINUE_CURRENT_TASK);
            assertThat(holding.ready().get(0).subtask().index()).isEqualTo(1);
            assertThat(holding.autoClaimed()).as("nothing more while it holds one").isNull();
            assertThat(holding.totalAvailable()).isEqualTo(1);

            ReadyWork forClaude = claude.plans().ready(ReadyQuery.defaults().browsing());
            assertThat(forClaude.ready()).singleElement().satisfies(entry -> {
                assertThat(entry.subtask().index()).isZero();
                assertThat(entry.fitScore()).as("claude has no profile: 0.5").isEqualTo(0.5);
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void filesHeldByOthersLowerTheScoreAndABottleneckComesFirst(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            CallerScope gemini = as(colony, "alice", "gemini");
            claude.plans().publish(widgets("held"));
            claude.plans().publish(PlanDraft.of(REPO, "chain", "Chain", List.of(
                    SubtaskDraft.of("Migrate the schema", List.of("db/schema.sql")).needing("infra_work"),
                    SubtaskDraft.of("Use the schema", List.of("api/use.ts")).dependingOn(0))));
            var thread = gemini.tasks().open(REPO, "feature/other").thread().id();
            gemini.claims().claim(thread, "api/held.ts", "working on it");
            codex.profiles().upsert("codex", Map.of("infra_work", 0.2));

            List<ReadyEntry> ready = codex.plans().ready(ReadyQuery.defaults().browsing()).ready();

            assertThat(ready.get(0).planSlug()).isEqualTo("chain");
            assertThat(ready.get(0).reason()).isEqualTo(ReadyReason.URGENT_OVERRIDE);
            assertThat(ready.get(0).reasoning()).contains("the rest of the plan waits on it");
            ReadyEntry api = ready.stream().filter(e -> e.planSlug().equals("held") && e.subtask().index() == 0)
                    .findFirst().orElseThrow();
            assertThat(api.fitScore()).as("0.5 less 0.3 for its one held file").isEqualTo(0.2);
            assertThat(api.reasoning()).contains("1/1 files held by others");
            ReadyWork auto = codex.plans().ready(ReadyQuery.defaults());
            assertThat(auto.autoClaimed()).as("the only urgent one is unambiguous").isNotNull();
            assertThat(auto.autoClaimed().planSlug()).isEqualTo("chain");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aSubtaskHeldForAnHourByAnIdleSessionIsReleasedAndReported(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope claude = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "alice", "codex");
            claude.plans().publish(widgets("idle"));
            codex.plans().claim(PlanRef.of("idle"), 0);
            clock.advance(Duration.ofMinutes(30));
            assertThat(claude.plans().ready(new ReadyQuery(null, 5, false, true)).released())
                    .as("held for half an hour only").isEmpty();
            clock.advance(Duration.ofMinutes(31));

            ReadyWork work = claude.plans().ready(new ReadyQuery(null, 5, false, true));

            assertThat(work.released()).singleElement().satisfies(released -> {
                assertThat(released.planSlug()).isEqualTo("idle");
                assertThat(released.subtaskIndex()).isZero();
                assertThat(released.session()).isEqualTo(codex.actor().session());
            });
            assertThat(claude.plans().get(PlanRef.of("idle")).subtasks().get(0).status())
                    .isEqualTo(SubtaskStatus.AVAILABLE);
            assertThat(work.ready()).extracting(entry -> entry.subtask().index()).contains(0);
            assertThat(claude.claims().list(work.ready().get(0).subtask().task(), 10)).isEmpty();
            assertThat(claude.plans().ready(ReadyQuery.defaults().browsing()).released()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void nothingToDoIsAnEmptyQueue(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            ReadyWork none = as(colony, "alice", "codex").plans().ready(ReadyQuery.defaults());

            assertThat(none.ready()).isEmpty();
            assertThat(none.totalAvailable()).isZero();
            assertThat(none.autoClaimed()).isNull();
            assertRefused(() -> as(colony, "alice", "codex").plans().ready(new ReadyQuery(null, 0, false, false)),
                    ErrorCode.INVALID_ARGUMENT, "limit");
        }
    }
}
