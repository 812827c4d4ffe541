package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchMode;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.SessionStart;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.embedding.Embedder;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.store.h2.H2StorageProvider;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EmbedderWiringTest {

    /**
     * Records the threads it was prepared on and the search queries it embedded; embeds like
     * {@link HistogramEmbedder}.
     */
    private static final class RecordingEmbedder implements Embedder {
        final HistogramEmbedder inner = new HistogramEmbedder("byte-histogram", 8);
        final List<Thread> preparedOn = new CopyOnWriteArrayList<>();
        final CountDownLatch prepared = new CountDownLatch(1);
        final List<String> queries = new CopyOnWriteArrayList<>();

        @Override
        public String modelId() {
            return inner.modelId();
        }

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            return inner.embed(texts);
        }

        @Override
        public float[] embedQuery(String query) {
            queries.add(query);
            return inner.embedQuery(query);
        }

        @Override
        public void prepare() {
            preparedOn.add(Thread.currentThread());
            prepared.countDown();
        }
    }

    @Test
    void aWarmedUpEmbedderLoadsOnAThreadOfItsOwnAsTheColonyOpensAndOtherwiseOnlyWhenUsed() throws Exception {
        RecordingEmbedder warmed = new RecordingEmbedder();
        RecordingEmbedder lazy = new RecordingEmbedder();
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).embedder(warmed)
                .warmUpEmbedder(true).build()) {
            assertThat(warmed.prepared.await(10, TimeUnit.SECONDS)).as("prepared in the background").isTrue();
            assertThat(warmed.preparedOn).singleElement().satisfies(thread -> {
                assertThat(thread).isNotSameAs(Thread.currentThread());
                assertThat(thread.isDaemon()).isTrue();
            });
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "Embedded after the warm-up"));
            assertThat(warmed.preparedOn).as("prepared once").hasSize(1);
        }
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).embedder(lazy).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "Embedded on use"));
            assertThat(lazy.preparedOn).as("left to the first embedding").isEmpty();
        }
    }

    @Test
    void addStoresTheVectorOfTheContent() {
        HistogramEmbedder embedder = new HistogramEmbedder("byte-histogram", 8);
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).embedder(embedder).build()) {
            Actor actor = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
            Memory memory = colony.as(actor).memories().add(MemoryDraft.of(MemoryKind.FACT, "Vectors are stored"));

            MemoryDocument stored = colony.storage().read(tx -> tx.memoryFeed().changedSince(0, 10)).get(0);

            assertThat(stored.memory().id()).isEqualTo(memory.id());
            assertThat(stored.vector().model()).isEqualTo(embedder.modelId());
            assertThat(stored.vector().values()).containsExactly(embedder.embed(List.of("Vectors are stored")).get(0));
        }
    }

    @Test
    void handoffAndRelaySummariesAreEmbeddedWhenWrittenAndTheirAcceptanceIsNot() {
        HistogramEmbedder embedder = new HistogramEmbedder("byte-histogram", 8);
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).embedder(embedder).build()) {
            CallerScope claude = colony.as(colony.sessions().ensure(SessionStart.of("alice", "claude-code")).actor());
            CallerScope codex = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            TaskId task = claude.tasks().open("/work/app", "feature/pay").thread().id();
            Baton handoff = claude.handoffs().handOff(new HandoffRequest(task, "codex",
                    "Checkout works; wire the receipts.", List.of(), List.of(), List.of(), null));
            Baton relay = claude.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "Receipts half done."));
            codex.tasks().join(task);
            codex.handoffs().accept(handoff.id());

            Map<String, MemoryDocument> byKind = new HashMap<>();
            colony.storage().read(tx -> tx.memoryFeed().changedSince(0, 100))
                    .forEach(document -> byKind.put(document.memory().kind().name(), document));
            assertThat(byKind.get("handoff").memory().id()).isEqualTo(handoff.id());
            assertThat(byKind.get("handoff").vector().values()).containsExactly(embedder.embed(
                    List.of("handoff to codex: Checkout works; wire the receipts.")).get(0));
            assertThat(byKind.get("relay").memory().id()).isEqualTo(relay.id());
            assertThat(byKind.get("relay").vector()).isNotNull();
            assertThat(byKind.get("accept").vector()).as("an audit record, found by its words").isNull();
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
    void aSearchByMeaningEmbedsTheQueryWithoutWordsMostOfTheCallersMemoriesHold() {
        RecordingEmbedder embedder = new RecordingEmbedder();
        try (Colony colony = Colony.builder().storage(H2StorageProvider.inMemory()).search(LuceneSearch.inMemory())
                .embedder(embedder).build()) {
            CallerScope alice = colony.as(colony.sessions().ensure(SessionStart.of("alice", "codex")).actor());
            CallerScope bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor());
            String[] topics = {"painted the lake at dusk", "ran a charity race", "adopted a puppy", "took a pottery class"};
            for (int i = 0; i < 120; i++) {
                String speaker = i % 2 == 0 ? "Caroline" : "Melanie";
                alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, speaker + ": " + topics[i % topics.length]));
            }
            // A keyword search waits for the index to take in the burst of writes.
            assertThat(alice.memories().search(SearchQuery.of("pottery").withMode(SearchMode.KEYWORD))).isNotEmpty();

            alice.memories().search(SearchQuery.of("What did Caroline paint?"));
            bob.memories().search(SearchQuery.of("What did Caroline paint?"));

            assertThat(embedder.queries).as("alice's memories name Caroline in half of them; bob reads none")
                    .containsExactly("What did paint?", "What did Caroline paint?");
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
        return colony.storage().read(tx -> tx.memoryFeed().latestRev());
    }
}
