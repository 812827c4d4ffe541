package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.briefing.CoreMemories;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.core.internal.kernel.ReopeningIndex;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search index is a cache: when its directory cannot be used the Colony still opens, the store serves
 * writes, reads by id and feeds, a search says why it cannot run, and once the directory is usable again the
 * next search after the back-off opens the index, which catches up with what was written meanwhile.
 */
class SearchUnavailableTest {

    @TempDir
    Path dir;

    /**
     * The directory cannot be created because a regular file holds its name: a failure the file system gives
     * every user alike (permissions do not stop root, who may run these tests).
     */
    @Test
    void anUnusableIndexDirectoryLeavesTheStoreUsableAndSearchCatchesUpOnceItIsUsableAgain() throws Exception {
        Path database = dir.resolve("colony.db");
        Path index = LuceneSearch.indexDirectoryBeside(database);
        Files.writeString(index, "not a directory");
        MutableClock clock = new MutableClock(ColonyTestSupport.START);
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(database))
                .search(LuceneSearch.besideStore()).clock(clock).build()) {
            CallerScope alice = ColonyTestSupport.as(colony, "alice");

            Memory fact = alice.memories().add(MemoryDraft.of(MemoryKind.FACT,
                    "The billing service retries webhook deliveries five times with exponential backoff."));
            Memory task = alice.memories().add(MemoryDraft.task(TaskChecklist.of("Rotate the webhook secret",
                    List.of("generate", "deploy"), TaskStatus.ACTIVE)));
            assertThat(alice.memories().get(List.of(fact.id(), task.id()))).extracting(Memory::id)
                    .containsExactly(fact.id(), task.id());
            assertThat(alice.taskFeed().feed(TaskFeedQuery.all())).extracting(FeedTask::memory)
                    .containsExactly(task.id());
            assertThatThrownBy(() -> alice.memories().search(SearchQuery.of("webhook retries")))
                    .isInstanceOfSatisfying(ColonyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.SEARCH_UNAVAILABLE);
                        assertThat(e.getMessage()).contains(index.toString()).contains("not a directory")
                                .contains("next try in 1 s");
                    });
            CoreMemories briefing = alice.briefing().coreMemories("webhook retries");
            assertThat(briefing.hits()).as("the briefing answers from the store, without hits").isEmpty();
            assertThat(briefing.activeTasks()).extracting(FeedTask::memory).containsExactly(task.id());

            Files.delete(index);
            assertThatThrownBy(() -> alice.memories().search(SearchQuery.of("webhook retries")))
                    .as("within the back-off nothing is tried").isInstanceOfSatisfying(ColonyException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.SEARCH_UNAVAILABLE));
            Memory later = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION,
                    "Webhook secrets are rotated every ninety days by the platform team."));

            clock.advance(ReopeningIndex.FIRST_RETRY);
            assertThat(alice.memories().search(SearchQuery.of("webhook"))).extracting(SearchHit::id)
                    .contains(fact.id(), task.id(), later.id());
            assertThat(Files.isDirectory(index)).isTrue();
        }
    }

    @Test
    void aFailedRetryWaitsTwiceAsLongBeforeTheNext() throws Exception {
        Path database = dir.resolve("colony.db");
        Files.writeString(LuceneSearch.indexDirectoryBeside(database), "not a directory");
        MutableClock clock = new MutableClock(ColonyTestSupport.START);
        try (Colony colony = Colony.builder().storage(SqliteStorageProvider.open(database))
                .search(LuceneSearch.besideStore()).clock(clock).build()) {
            CallerScope alice = ColonyTestSupport.as(colony, "alice");
            clock.advance(ReopeningIndex.FIRST_RETRY);

            assertThatThrownBy(() -> alice.memories().search(SearchQuery.of("anything")))
                    .isInstanceOfSatisfying(ColonyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.SEARCH_UNAVAILABLE);
                        assertThat(e.getMessage()).contains("next try in 2 s");
                    });
        }
    }
}
