package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.search.BackgroundPause;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * How a Colony drives its search index: the Colony's clock, a notice after every committed write, and a pause of
 * its background work around every embedding.
 */
class IndexWiringTest {

    /** An index that only counts what it is told. */
    private static final class CountingIndex implements SearchIndex {
        final AtomicInteger changes = new AtomicInteger();

        @Override
        public List<SearchHit> search(SearchRequest request) {
            return List.of();
        }

        @Override
        public void changed() {
            changes.incrementAndGet();
        }

        @Override
        public void close() {
        }
    }

    /** An index that counts the pauses of its background work open now, and asks for a search's vector. */
    private static final class PausedIndex implements SearchIndex {
        final AtomicInteger paused = new AtomicInteger();

        @Override
        public List<SearchHit> search(SearchRequest request) {
            if (request.queryVector() != null) {
                request.queryVector().get();
            }
            return List.of();
        }

        @Override
        public BackgroundPause pauseBackground() {
            paused.incrementAndGet();
            return paused::decrementAndGet;
        }

        @Override
        public void close() {
        }
    }

    /** An embedder that notes how many pauses of {@code index} were open whenever it embedded. */
    private record WatchingEmbedder(PausedIndex index, List<Integer> pausedWhileEmbedding) implements Embedder {
        @Override
        public String modelId() {
            return "watching";
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            pausedWhileEmbedding.add(index.paused.get());
            return texts.stream().map(text -> new float[] {1, text.length()}).toList();
        }
    }

    @Test
    void theIndexGetsTheColonysClockAndHearsOfEveryCommittedWriteOnly() {
        CountingIndex index = new CountingIndex();
        AtomicReference<Clock> given = new AtomicReference<>();
        MutableClock clock = new MutableClock(Instant.parse("2025-03-01T00:00:00Z"));
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).clock(clock)
                .search((source, indexClock) -> {
                    given.set(indexClock);
                    return index;
                }).build()) {
            assertThat(given.get()).isSameAs(clock);
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();

            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "first"));
            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "second"));
            assertThat(index.changes).hasValue(2);

            MemoryDraft refused = new MemoryDraft(MemoryKind.FACT, "a reply to nothing", List.of(), List.of(), null,
                    null, null, MemoryId.of(999_999), null, null, null);
            assertThatThrownBy(() -> colony.as(actor).memories().add(refused));
            assertThat(index.changes).as("a write that did not commit").hasValue(2);
        }
    }

    @Test
    void everyEmbeddingRunsWithTheIndexsBackgroundWorkPausedAndOnlyThen() {
        PausedIndex index = new PausedIndex();
        List<Integer> pausedWhileEmbedding = new ArrayList<>();
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory())
                .search((source, clock) -> index).embedder(new WatchingEmbedder(index, pausedWhileEmbedding))
                .build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "the build runs on two cores"));
            colony.as(actor).memories().search(SearchQuery.of("cores"));

            assertThat(pausedWhileEmbedding).as("the memory's text, then the query").hasSizeGreaterThanOrEqualTo(2)
                    .containsOnly(1);
            assertThat(index.paused).as("every pause ended").hasValue(0);
        }
    }
}
