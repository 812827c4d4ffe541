package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.briefing.CoreMemories;
import dev.colony.api.briefing.TopicLandscape;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskStatus;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The session briefing on every store: behavioral preferences only, the landscape of what the caller may
 * read, open tasks, signals peeked at and left pending, an optional search; nothing of a collection the
 * caller does not (or no longer) belong to.
 */
class BriefingTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);



    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aBriefingShowsWhatTheCallerMayReadAndConsumesNothing(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock)
                .build()) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope mallory = as(colony, "mallory");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            Memory rule = alice.memories().add(MemoryDraft.of(MemoryKind.PREFERENCE, "Deploys wait for a green "
                    + "canary").withTopics(List.of("user", "behavioral", "deploys")).withCollection("ops"));
            alice.memories().add(MemoryDraft.of(MemoryKind.PREFERENCE, "Alice likes short commit titles")
                    .withTopics(List.of("user", "commits")).withCollection("ops"));
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Roll out billing v2",
                    List.of("canary", "full rollout"), TaskStatus.ACTIVE)).withTopics(List.of("deploys"))
                    .withMacroTopics(List.of("billing")).withCollection("ops"));
            alice.memories().add(MemoryDraft.of(MemoryKind.DECISION, "Billing retries webhooks five times")
                    .withTopics(List.of("webhooks")).withMacroTopics(List.of("billing")).withCollection("ops"));
            bob.memories().add(MemoryDraft.task(TaskChecklist.of("Archive old invoices", List.of("export"),
                    TaskStatus.DONE)));
            Signal signal = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())));

            CoreMemories core = bob.briefing().coreMemories("billing webhooks retries");

            assertThat(core.behavioral()).containsExactly(rule);
            assertThat(core.activeTasks()).extracting(FeedTask::memory).containsExactly(task.id());
            assertThat(core.signals().signals()).containsExactly(signal);
            assertThat(bob.signals().check().signals()).as("peeked, still pending").containsExactly(signal);
            assertThat(core.hits()).extracting(SearchHit::kind).contains(MemoryKind.DECISION);
            TopicLandscape landscape = core.landscape();
            assertThat(landscape.sampled()).isEqualTo(5);
            assertThat(landscape.macroTopics()).containsExactly(new TopicLandscape.MacroTopic("billing", 2, 1));
            assertThat(landscape.topics()).startsWith(new TopicLandscape.TopicCount("deploys", 2),
                    new TopicLandscape.TopicCount("user", 2));
            assertThat(landscape.types()).containsEntry("preference", 2).containsEntry("task", 1)
                    .containsEntry("task_done", 1).containsEntry("decision", 1);

            CoreMemories outsider = mallory.briefing().coreMemories(null);
            assertThat(outsider.behavioral()).isEmpty();
            assertThat(outsider.activeTasks()).isEmpty();
            assertThat(outsider.signals().signals()).isEmpty();
            assertThat(outsider.landscape().sampled()).isZero();
            assertThat(mallory.briefing().coreMemories("billing webhooks retries").hits()).isEmpty();

            alice.collections().removeMember("ops", UserId.of("bob"));
            CoreMemories removed = bob.briefing().coreMemories(null);
            assertThat(removed.behavioral()).isEmpty();
            assertThat(removed.activeTasks()).isEmpty();
            assertThat(removed.signals().pending()).isZero();
            assertThat(removed.landscape().sampled()).as("only bob's own done task").isEqualTo(1);
        }
    }
}
