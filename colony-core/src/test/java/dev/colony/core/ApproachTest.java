package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.ApproachQuery;
import dev.colony.api.task.ApproachSuggestion;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskStatus;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * task_suggest_approach on every store: similar threads found through the caller's search, their claimed
 * files, the warnings posted there and how the finished ones went; the caller's own thread left out; nothing of
 * another user's threads.
 */
class ApproachTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void similarThreadsTeachTheirFilesWarningsAndPace(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock)
                .build()) {
            CallerScope alice = as(colony, "alice", "claude-code");
            TaskId finished = alice.memories().add(MemoryDraft.of(MemoryKind.TASK_DONE,
                    "Cache eviction with an LRU size bound")).task();
            alice.tasks().join(finished);
            alice.tasks().post(finished, PostDraft.of(PostKind.FAILED_APPROACH, "TTL-only cache eviction leaked "
                    + "memory under load"));
            clock.advance(Duration.ofMinutes(40));
            TaskId current = alice.tasks().open("/work/shop", "feature/cache").thread().id();
            alice.tasks().post(current, PostDraft.of(PostKind.DECISION, "Cache eviction keeps a size bound"));
            alice.claims().claim(current, "src/cache.ts", null);
            TaskId billing = alice.tasks().open("/work/shop", "feature/billing").thread().id();
            alice.tasks().post(billing, PostDraft.of(PostKind.NOTE, "Billing invoices are monthly"));

            ApproachSuggestion all = alice.tasks().suggestApproach(ApproachQuery.of("cache eviction"));

            assertThat(all.similarTasks()).extracting(ApproachSuggestion.SimilarTask::task)
                    .containsExactlyInAnyOrder(finished, current).doesNotContain(billing);
            assertThat(all.similarTasks().get(0).similarity()).isEqualTo(1.0);
            assertThat(all.likelyFiles()).singleElement().satisfies(file -> {
                assertThat(file.filePath()).isEqualTo("src/cache.ts");
                assertThat(file.appearsInCount()).isEqualTo(1);
                assertThat(file.confidence()).isEqualTo(0.5);
            });
            assertThat(all.patternsToWatch()).singleElement().satisfies(pattern -> {
                assertThat(pattern.kind()).isEqualTo("failed_approach");
                assertThat(pattern.seenInTask()).isEqualTo(finished);
                assertThat(pattern.description()).startsWith("TTL-only cache eviction");
            });
            assertThat(all.resolutionHints().completedSampleSize()).isEqualTo(1);
            assertThat(all.insufficientDataReason()).isNull();
            assertThat(alice.tasks().get(finished).status()).isEqualTo(TaskStatus.DONE);

            ApproachSuggestion inRepo = alice.tasks().suggestApproach(new ApproachQuery("cache eviction", "/work/shop",
                    null, 5));
            ApproachSuggestion notMine = alice.tasks().suggestApproach(new ApproachQuery("cache eviction",
                    "/work/shop", current, 5));

            assertThat(inRepo.similarTasks()).extracting(ApproachSuggestion.SimilarTask::task).containsExactly(current);
            assertThat(inRepo.resolutionHints()).isNull();
            assertThat(notMine.similarTasks()).isEmpty();
            assertThat(notMine.insufficientDataReason()).contains("/work/shop");
            ApproachSuggestion bob = as(colony, "bob", "codex").tasks().suggestApproach(ApproachQuery.of(
                    "cache eviction"));
            assertThat(bob.similarTasks()).isEmpty();
            assertThat(bob.patternsToWatch()).isEmpty();
            assertThat(bob.insufficientDataReason()).startsWith("no thread you can read");
            assertRefused(() -> alice.tasks().suggestApproach(ApproachQuery.of(" ")), ErrorCode.INVALID_ARGUMENT,
                    "query");
            assertRefused(() -> alice.tasks().suggestApproach(new ApproachQuery("x", null, null, 0)),
                    ErrorCode.INVALID_ARGUMENT, "limit");
        }
    }
}
