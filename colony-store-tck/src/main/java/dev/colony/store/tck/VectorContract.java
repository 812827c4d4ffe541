package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Stored vectors name their model: the store counts its vectors by model, pages through the memories
 * that lack a vector of a given model and dimension (what re-embedding reads), and stores a new vector
 * only while the memory is unchanged (compare-and-set on its rev), handing it to the change feed. A memory's
 * passage vectors (the embeddings of its sentences) are stored and read with it, in order, replaced by an edit or a
 * re-embedding, and dropped when it is forgotten.
 */
public interface VectorContract extends StoreUnderTest {

    private static Memory insert(StorageProvider store, Fixtures.Writer writer, MemoryKind kind, String content,
            StoredVector vector) {
        NewMemory memory = Fixtures.memory(writer, content);
        return store.write(tx -> tx.memories().insert(new NewMemory(memory.namespace(), memory.session(), kind,
                memory.content(), memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(),
                memory.task(), memory.replyTo(), memory.createdAt(), memory.expiresAt(), memory.metadata(), vector)));
    }

    private static List<Long> ids(List<MemoryDocument> documents, Set<Long> mine) {
        return documents.stream().map(document -> document.memory().id().value()).filter(mine::contains).toList();
    }

    @Test
    default void vectorsOfOtherModelsAreCountedByTheirModel() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        String a = Fixtures.unique("test/a");
        String b = Fixtures.unique("test/b");
        insert(store, writer, MemoryKind.FACT, "one", new StoredVector(a, new float[] {1f, 0f}));
        insert(store, writer, MemoryKind.FACT, "two", new StoredVector(a, new float[] {0f, 1f}));
        insert(store, writer, MemoryKind.FACT, "three", new StoredVector(b, new float[] {1f, 1f, 1f}));
        insert(store, writer, MemoryKind.FACT, "four", null);

        // Other tests may share the store: only this test's models are asserted on.
        Map<String, Long> besideA = store.read(tx -> tx.memoryVectors().otherVectorModels(a));
        Map<String, Long> besideB = store.read(tx -> tx.memoryVectors().otherVectorModels(b));
        Map<String, Long> besideNeither = store.read(tx -> tx.memoryVectors().otherVectorModels("z-model"));

        assertThat(besideA).containsEntry(b, 1L).doesNotContainKey(a);
        assertThat(besideB).containsEntry(a, 2L).doesNotContainKey(b);
        assertThat(besideNeither).containsEntry(a, 2L).containsEntry(b, 1L);
    }

    @Test
    default void documentsAreReadByIdWithTheirVectors() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        String a = Fixtures.unique("test/a");
        Memory with = insert(store, writer, MemoryKind.FACT, "with", new StoredVector(a, new float[] {3f, 4f}));
        Memory without = insert(store, writer, MemoryKind.FACT, "without", null);

        List<MemoryDocument> read = store.read(tx -> tx.memoryVectors().documents(List.of(without.id(), with.id(),
                MemoryId.of(Long.MAX_VALUE))));

        assertThat(read).extracting(MemoryDocument::memory).containsExactly(with, without);
        assertThat(read.get(0).vector().model()).isEqualTo(a);
        assertThat(read.get(0).vector().values()).containsExactly(3f, 4f);
        assertThat(read.get(1).vector()).isNull();
    }

    @Test
    default void memoriesWithoutTheModelsVectorArePagedInIdOrder() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        String a = Fixtures.unique("test/a");
        long before = insert(store, writer, MemoryKind.FACT, "marker", null).id().value();
        Memory current = insert(store, writer, MemoryKind.FACT, "current",
                new StoredVector(a, new float[] {1f, 2f, 3f}));
        Memory other = insert(store, writer, MemoryKind.FACT, "other model",
                new StoredVector(Fixtures.unique("test/b"), new float[] {1f, 2f, 3f}));
        Memory none = insert(store, writer, MemoryKind.DECISION, "no vector", null);
        Memory shorter = insert(store, writer, MemoryKind.FACT, "other dimension",
                new StoredVector(a, new float[] {1f}));
        Memory excluded = insert(store, writer, MemoryKind.RECALL, "an excluded kind", null);
        Set<Long> mine = Set.of(current.id().value(), other.id().value(), none.id().value(), shorter.id().value(),
                excluded.id().value());

        List<MemoryDocument> all = store.read(tx -> tx.memoryVectors().withoutVector(a, 3, Set.of(MemoryKind.RECALL),
                before, 1000));
        List<MemoryDocument> first = store.read(tx -> tx.memoryVectors().withoutVector(a, 3, Set.of(MemoryKind.RECALL),
                before, 1));
        List<MemoryDocument> next = store.read(tx -> tx.memoryVectors().withoutVector(a, 3, Set.of(MemoryKind.RECALL),
                other.id().value(), 1));
        List<MemoryDocument> everyKind = store.read(tx -> tx.memoryVectors().withoutVector(a, 3, Set.of(), before, 1000));

        assertThat(ids(all, mine)).containsExactly(other.id().value(), none.id().value(), shorter.id().value());
        assertThat(first).extracting(document -> document.memory().id()).containsExactly(other.id());
        assertThat(first.get(0).vector().model()).as("the vector it has now").startsWith("test/b");
        assertThat(next).extracting(document -> document.memory().id()).containsExactly(none.id());
        assertThat(ids(everyKind, mine)).contains(excluded.id().value());
        long lacking = store.read(tx -> tx.memoryVectors().countWithoutVector(a, 3, Set.of(MemoryKind.RECALL)));
        long lackingEveryKind = store.read(tx -> tx.memoryVectors().countWithoutVector(a, 3, Set.of()));
        assertThat(lacking).as("at least mine, counted like the pages").isGreaterThanOrEqualTo(3);
        assertThat(lackingEveryKind).isGreaterThan(lacking);
    }

    @Test
    default void aDocumentCarriesItsSessionsPreviousMemoryOfTheSameNamespaceItsTextAndItsVectorOfTheSameModel() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer elsewhere = Fixtures.writer(store);
        String a = Fixtures.unique("test/a");
        Memory unembedded = insert(store, writer, MemoryKind.FACT, "no vector", null);
        Memory afterUnembedded = insert(store, writer, MemoryKind.FACT, "after one without a vector",
                new StoredVector(a, new float[] {1f, 0f}));
        Memory followed = insert(store, writer, MemoryKind.FACT, "followed", new StoredVector(a, new float[] {0f, 2f}));
        Memory retracted = insert(store, writer, MemoryKind.FACT, "retracted",
                new StoredVector(a, new float[] {0f, 1f}));
        store.write(tx -> tx.memories().update(new Memory(retracted.id(), retracted.namespace(), retracted.session(),
                retracted.kind(), retracted.content(), retracted.topics(), retracted.macroTopics(), retracted.ref(),
                retracted.artifact(), retracted.task(), retracted.replyTo(), retracted.createdAt(),
                retracted.updatedAt(), retracted.expiresAt(), true, retracted.metadata(), retracted.version()),
                new StoredVector(a, new float[] {0f, 1f})));
        Memory afterRetracted = insert(store, writer, MemoryKind.FACT, "after a retracted one",
                new StoredVector(a, new float[] {3f, 3f}));
        NewMemory foreign = Fixtures.memory(elsewhere, writer.session().id(), "same session, other namespace");
        store.write(tx -> tx.memories().insert(new NewMemory(foreign.namespace(), foreign.session(),
                MemoryKind.FACT, foreign.content(), foreign.topics(), foreign.macroTopics(), foreign.ref(),
                foreign.artifact(), foreign.task(), foreign.replyTo(), foreign.createdAt(), foreign.expiresAt(),
                foreign.metadata(), new StoredVector(a, new float[] {-1f, -1f}))));
        Memory afterForeign = insert(store, writer, MemoryKind.FACT, "after another namespace's",
                new StoredVector(a, new float[] {4f, 1f}));
        insert(store, writer, MemoryKind.FACT, "other model", new StoredVector(Fixtures.unique("test/b"),
                new float[] {2f, 2f}));
        long beforeLast = store.read(tx -> tx.memoryFeed().latestRev());
        Memory afterOtherModel = insert(store, writer, MemoryKind.FACT, "after another model's",
                new StoredVector(a, new float[] {0f, 3f}));
        Memory alone = insert(store, elsewhere, MemoryKind.FACT, "another session",
                new StoredVector(a, new float[] {5f, 5f}));

        List<MemoryDocument> read = store.read(tx -> tx.memoryVectors().documents(List.of(unembedded.id(),
                afterUnembedded.id(), followed.id(), afterRetracted.id(), afterForeign.id(), afterOtherModel.id(),
                alone.id())));
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(beforeLast, 1));

        assertThat(read).extracting(MemoryDocument::context).as("only the ones after an embedded memory of the "
                + "same namespace and model have a context, another namespace's passed over")
                .containsExactly(null, null, read.get(2).context(), null, read.get(4).context(), null, null);
        assertThat(read.get(2).context()).satisfies(context -> {
            assertThat(context.model()).isEqualTo(a);
            assertThat(context.values()).containsExactly(1f, 0f);
        });
        assertThat(read.get(4).context()).as("the one before another namespace's memory").isNotNull();
        assertThat(read.get(4).context().values()).containsExactly(3f, 3f);
        assertThat(read).extracting(MemoryDocument::contextText).as("the text of the previous memory of the "
                + "same session and namespace, unretracted, with a vector or not").containsExactly(null, "no vector",
                "after one without a vector", null, "after a retracted one", "other model", null);
        assertThat(feed).singleElement().satisfies(document -> {
            assertThat(document.memory().id()).isEqualTo(afterOtherModel.id());
            assertThat(document.context()).isNull();
            assertThat(document.contextText()).isEqualTo("other model");
        });
    }

    @Test
    default void aChangedForgottenOrPurgedMemoryHandsItsSuccessorToTheFeedAgainWithItsContextReadAnew() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory first = insert(store, writer, MemoryKind.FACT, "which port does staging use", null);
        Memory second = insert(store, writer, MemoryKind.FACT, "8443 since March", null);
        Memory third = insert(store, writer, MemoryKind.FACT, "noted", null);

        long beforeEdit = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memories().update(new Memory(first.id(), first.namespace(), first.session(),
                first.kind(), "which port does production use", first.topics(), first.macroTopics(), first.ref(),
                first.artifact(), first.task(), first.replyTo(), first.createdAt(), first.updatedAt(),
                first.expiresAt(), false, first.metadata(), first.version()), null));
        List<MemoryDocument> edited = store.read(tx -> tx.memoryFeed().changedSince(beforeEdit, 10));
        long beforeForget = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memoryForgetting().forget(first.id(), "test", Fixtures.T0));
        List<MemoryDocument> forgotten = store.read(tx -> tx.memoryFeed().changedSince(beforeForget, 10));
        long beforePurge = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memoryForgetting().purge(second.id(), "test", Fixtures.T0));
        List<MemoryDocument> purged = store.read(tx -> tx.memoryFeed().changedSince(beforePurge, 10));

        assertThat(edited).extracting(document -> document.memory().id()).as("the edited one, then its successor")
                .containsExactly(first.id(), second.id());
        assertThat(edited.get(1).contextText()).isEqualTo("which port does production use");
        assertThat(forgotten).extracting(document -> document.memory().id()).containsExactly(first.id(), second.id());
        assertThat(forgotten.get(1).contextText()).as("a forgotten predecessor is no context").isNull();
        assertThat(purged).extracting(document -> document.memory().id()).containsExactly(second.id(), third.id());
        assertThat(purged.get(1).contextText()).as("nor a purged one").isNull();
    }

    @Test
    default void aMemoryOfAnotherNamespaceInBetweenIsPassedOverAndItsChangesHandOnNothing() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer elsewhere = Fixtures.writer(store);
        Memory first = insert(store, writer, MemoryKind.FACT, "which port does staging use", null);
        Memory between = store.write(tx -> tx.memories().insert(Fixtures.memory(elsewhere, writer.session().id(),
                "a private note")));
        Memory second = insert(store, writer, MemoryKind.FACT, "8443 since March", null);

        MemoryDocument read = store.read(tx -> tx.memoryVectors().documents(List.of(second.id()))).get(0);
        long beforeForget = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memoryForgetting().forget(between.id(), "test", Fixtures.T0));
        List<MemoryDocument> forgotten = store.read(tx -> tx.memoryFeed().changedSince(beforeForget, 10));
        long beforeEdit = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memories().update(new Memory(first.id(), first.namespace(), first.session(),
                first.kind(), "which port does production use", first.topics(), first.macroTopics(), first.ref(),
                first.artifact(), first.task(), first.replyTo(), first.createdAt(), first.updatedAt(),
                first.expiresAt(), false, first.metadata(), first.version()), null));
        List<MemoryDocument> edited = store.read(tx -> tx.memoryFeed().changedSince(beforeEdit, 10));

        assertThat(read.contextText()).as("the session's last memory of the same namespace").isEqualTo(
                "which port does staging use");
        assertThat(forgotten).extracting(document -> document.memory().id()).as("only the forgotten one: the other "
                + "namespace's memories keep their context").containsExactly(between.id());
        assertThat(edited).extracting(document -> document.memory().id()).as("the edited one, then its successor "
                + "in its namespace").containsExactly(first.id(), second.id());
        assertThat(edited.get(1).contextText()).isEqualTo("which port does production use");
    }

    @Test
    default void aVectorIsStoredOnlyWhileTheMemoryIsUnchangedAndReachesTheChangeFeed() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory memory = insert(store, writer, MemoryKind.FACT, "embed me later", null);
        long rev = store.read(tx -> tx.memoryFeed().latestRev());
        StoredVector vector = new StoredVector(Fixtures.unique("test/a"), new float[] {0.5f, -0.5f});

        boolean stored = store.write(tx -> tx.memoryVectors().storeVector(memory.id(), rev, vector));
        boolean stale = store.write(tx -> tx.memoryVectors().storeVector(memory.id(), rev,
                new StoredVector("test/late", new float[] {1f, 1f})));

        assertThat(stored).isTrue();
        assertThat(stale).as("the rev moved on with the first vector").isFalse();
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(rev, 10));
        assertThat(feed).singleElement().satisfies(document -> {
            assertThat(document.memory()).isEqualTo(Fixtures.atVersion(memory, document.rev()));
            assertThat(document.rev()).isGreaterThan(rev);
            assertThat(document.vector().model()).isEqualTo(vector.model());
            assertThat(document.vector().values()).containsExactly(0.5f, -0.5f);
        });
    }

    private static List<List<Float>> values(MemoryDocument document) {
        return document.passages().stream().map(passage -> {
            List<Float> values = new ArrayList<>();
            for (float value : passage.values()) {
                values.add(value);
            }
            return values;
        }).toList();
    }

    @Test
    default void passageVectorsAreStoredWithTheMemoryReplacedWithItAndDroppedWhenItIsForgotten() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        String a = Fixtures.unique("test/a");
        NewMemory draft = Fixtures.memory(writer, "First sentence here. Second sentence there.");
        Memory memory = store.write(tx -> tx.memories().insert(new NewMemory(draft.namespace(), draft.session(),
                MemoryKind.FACT, draft.content(), draft.topics(), draft.macroTopics(), draft.ref(), draft.artifact(),
                draft.task(), draft.replyTo(), draft.createdAt(), draft.expiresAt(), draft.metadata(),
                new StoredVector(a, new float[] {1f, 1f}),
                List.of(new StoredVector(a, new float[] {1f, 0f}), new StoredVector(a, new float[] {0f, 1f})))));
        Memory single = insert(store, writer, MemoryKind.FACT, "One sentence only.", new StoredVector(a,
                new float[] {2f, 2f}));

        List<MemoryDocument> read = store.read(tx -> tx.memoryVectors().documents(List.of(memory.id(), single.id())));
        assertThat(values(read.get(0))).containsExactly(List.of(1f, 0f), List.of(0f, 1f));
        assertThat(read.get(1).passages()).as("a memory stored with none has none").isEmpty();
        assertThat(ids(store.read(tx -> tx.memoryVectors().withoutVector(a, 2, Set.of(), memory.id().value() - 1,
                1000)), Set.of(memory.id().value(), single.id().value()))).as("both embedded, passages too").isEmpty();

        store.write(tx -> tx.memories().update(memory, new StoredVector(a, new float[] {3f, 3f}),
                List.of(new StoredVector(a, new float[] {0f, 3f}))));
        MemoryDocument edited = store.read(tx -> tx.memoryVectors().documents(List.of(memory.id()))).get(0);
        assertThat(values(edited)).as("an edit replaces them").containsExactly(List.of(0f, 3f));
        boolean stored = store.write(tx -> tx.memoryVectors().storeVector(memory.id(), edited.rev(),
                new StoredVector(a, new float[] {4f, 4f}), List.of(new StoredVector(a, new float[] {4f, 0f}),
                        new StoredVector(a, new float[] {0f, 4f}), new StoredVector(a, new float[] {4f, 4f}))));
        assertThat(stored).isTrue();
        MemoryDocument reembedded = store.read(tx -> tx.memoryVectors().documents(List.of(memory.id()))).get(0);
        assertThat(values(reembedded)).as("so does a re-embedding").containsExactly(List.of(4f, 0f),
                List.of(0f, 4f), List.of(4f, 4f));

        store.write(tx -> tx.memoryForgetting().forget(memory.id(), "alice", Fixtures.T0.plusSeconds(5)));
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(reembedded.rev(), 10));
        assertThat(feed).filteredOn(document -> document.memory().id().equals(memory.id())).singleElement()
                .satisfies(document -> assertThat(document.passages()).as("forgotten: gone from the store").isEmpty());
    }
}
