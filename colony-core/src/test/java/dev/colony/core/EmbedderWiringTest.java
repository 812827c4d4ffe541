package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.store.h2.H2StorageProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbedderWiringTest {

    @Test
    void addStoresTheVectorOfTheContent() {
        HistogramEmbedder embedder = new HistogramEmbedder("byte-histogram", 8);
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).embedder(embedder).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            Memory memory = colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "Vectors are stored"));

            MemoryDocument stored = colony.storage().read(tx -> tx.memories().changedSince(0, 10)).get(0);

            assertThat(stored.memory().id()).isEqualTo(memory.id());
            assertThat(stored.vector().model()).isEqualTo(embedder.modelId());
            assertThat(stored.vector().values()).containsExactly(embedder.embed(List.of("Vectors are stored")).get(0));
        }
    }

    @Test
    void aVectorOfTheWrongShapeIsRefusedAndNothingIsWritten() {
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory())
                .embedder(new HistogramEmbedder("byte-histogram", 8, 4)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();

            assertThatThrownBy(() -> colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "Wrong shape")))
                    .isInstanceOfSatisfying(ColonyException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL));
            assertThat(latestId(colony)).isZero();
        }
    }

    @Test
    void aQueryVectorOfTheWrongShapeFailsTheSearchInsteadOfFindingNothing() {
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).search(LuceneSearch.inMemory())
                .embedder(new HistogramEmbedder("byte-histogram", 8, 4)).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();

            assertThatThrownBy(() -> colony.as(actor).memories().search(SearchQuery.of("retries")))
                    .isInstanceOfSatisfying(ColonyException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL);
                        assertThat(e.getMessage()).contains("byte-histogram", "4 dimensions, not 8");
                    });
        }
    }

    @Test
    void searchWithoutAnIndexIsUnavailable() {
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();

            assertThatThrownBy(() -> colony.as(actor).memories().search(SearchQuery.of("x")))
                    .isInstanceOfSatisfying(ColonyException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
        }
    }

    private static long latestId(Colony colony) {
        return colony.storage().read(tx -> tx.memories().latestRev());
    }
}
