package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.session.SessionStart;
import dev.colony.spi.search.SearchIndex;
import dev.colony.spi.search.SearchRequest;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** How a Colony drives its search index: the Colony's clock, and a notice after every committed write. */
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
}
