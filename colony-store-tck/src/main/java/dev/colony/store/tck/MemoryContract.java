package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageCapability;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link dev.colony.spi.storage.MemoryRecords}: insert, find, findAll, and reading memories back from the change feed. */
public interface MemoryContract extends StoreUnderTest {

    /**
     * A memory with every field set. Its metadata uses the JSON value types as they read back: whole
     * numbers as {@code Long}, decimals as {@code Double}.
     */
    private static NewMemory everyField(Fixtures.Writer writer, TaskId task, MemoryId replyTo, StoredVector vector) {
        Map<String, Object> metadata = Map.of(
                "source", "unit-test",
                "count", 3L,
                "ratio", 0.5,
                "flag", true,
                "tags", List.of("x", "y"),
                "nested", Map.of("depth", 2L, "names", List.of("a")));
        return new NewMemory(writer.namespace().id(), writer.session().id(), MemoryKind.DECISION,
                "Use WAL mode — readers never wait for the writer. 日本語 ✓ 🐜",
                List.of("sqlite", "wal", "concurrency"), List.of("colony"), "task:42", "commit:abc123",
                task, replyTo, Fixtures.T0.plusMillis(1234), Fixtures.T0.plusSeconds(86_400), metadata, vector);
    }

    @Test
    default void memoryInsertAndFindRoundTripEveryField() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory parent = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "the question")));
        StoredTask task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "thread", null, null, null, Fixtures.T0));
        NewMemory memory = everyField(writer, task.id(), parent.id(), new StoredVector("test/model-1",
                new float[] {0.25f, -1.5f, 3.0e-7f, 42f}));

        Memory inserted = store.write(tx -> tx.memories().insert(memory));

        assertThat(inserted.id().value()).isGreaterThan(parent.id().value());
        assertThat(inserted.namespace()).isEqualTo(memory.namespace());
        assertThat(inserted.session()).isEqualTo(memory.session());
        assertThat(inserted.kind()).isEqualTo(memory.kind());
        assertThat(inserted.content()).isEqualTo(memory.content());
        assertThat(inserted.topics()).containsExactly("sqlite", "wal", "concurrency");
        assertThat(inserted.macroTopics()).containsExactly("colony");
        assertThat(inserted.ref()).isEqualTo("task:42");
        assertThat(inserted.artifact()).isEqualTo("commit:abc123");
        assertThat(inserted.task()).isEqualTo(task.id());
        assertThat(inserted.replyTo()).isEqualTo(parent.id());
        assertThat(inserted.createdAt()).isEqualTo(memory.createdAt());
        assertThat(inserted.updatedAt()).isEqualTo(memory.createdAt());
        assertThat(inserted.expiresAt()).isEqualTo(memory.expiresAt());
        assertThat(inserted.retracted()).isFalse();
        assertThat(inserted.metadata()).isEqualTo(memory.metadata());
        var found = store.read(tx -> tx.memories().find(inserted.id()));
        assertThat(found).contains(inserted);
    }

    @Test
    default void memoryInsertReturnsExactlyWhatIsStored() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Instant precise = Instant.parse("2025-03-01T10:00:00.987654321Z");
        NewMemory memory = new NewMemory(writer.namespace().id(), writer.session().id(), MemoryKind.FACT, "precise",
                List.of(), List.of(), null, null, null, null, precise, precise.plusNanos(1), Map.of(), null);

        Memory inserted = store.write(tx -> tx.memories().insert(memory));

        var found = store.read(tx -> tx.memories().find(inserted.id()));
        assertThat(found).contains(inserted);
        assertThat(inserted.createdAt()).isBetween(precise.minusMillis(1), precise);
        assertThat(inserted.task()).isNull();
        assertThat(inserted.replyTo()).isNull();
        assertThat(inserted.ref()).isNull();
        assertThat(inserted.metadata()).isEmpty();
        assertThat(inserted.topics()).isEmpty();
    }

    @Test
    default void memoryContentOfTheMaximumSizeRoundTrips() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StringBuilder content = new StringBuilder(MemoryLimits.MAX_CONTENT_CHARS);
        while (content.length() < MemoryLimits.MAX_CONTENT_CHARS) {
            content.append((char) ('a' + content.length() % 26));
        }
        Memory inserted = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, content.toString())));

        var storedContent = store.read(tx -> tx.memories().find(inserted.id())).orElseThrow().content();
        assertThat(storedContent)
                .isEqualTo(content.toString());
    }

    @Test
    default void memoryIdsArePositiveAndIncreasing() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Memory> memories = Fixtures.insertMany(store, writer, 20);

        long previous = 0;
        for (Memory memory : memories) {
            assertThat(memory.id().value()).isPositive().isGreaterThan(previous);
            previous = memory.id().value();
        }
    }

    @Test
    default void memoryIdsIncreaseWithinOneTransaction() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);

        List<Memory> memories = store.write(tx -> {
            List<Memory> inserted = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                inserted.add(tx.memories().insert(Fixtures.memory(writer, "batch " + i)));
            }
            return inserted;
        });

        assertThat(memories).extracting(Memory::id).isSorted().doesNotHaveDuplicates();
        long[] revs = store.read(tx -> tx.memoryFeed().changedSince(0, Integer.MAX_VALUE)).stream()
                .filter(document -> memories.contains(document.memory())).mapToLong(MemoryDocument::rev).toArray();
        assertThat(revs).as("one rev per insert, increasing with the id").hasSize(5).isSorted();
    }

    @Test
    default void memoryFindOfUnknownIdIsEmpty() {
        var found = store().read(tx -> tx.memories().find(MemoryId.of(Long.MAX_VALUE)));
        assertThat(found).isEmpty();
    }

    @Test
    default void memoryFindAllReturnsExistingOnesInAscendingOrder() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Memory> memories = Fixtures.insertMany(store, writer, 4);
        List<MemoryId> wanted = List.of(memories.get(3).id(), MemoryId.of(Long.MAX_VALUE), memories.get(0).id(),
                memories.get(2).id(), memories.get(0).id());

        List<Memory> found = store.read(tx -> tx.memories().findAll(wanted));

        assertThat(found).containsExactly(memories.get(0), memories.get(2), memories.get(3));
        var none = store.read(tx -> tx.memories().findAll(List.of()));
        assertThat(none).isEmpty();
    }

    @Test
    default void memoryFindAllHandlesManyIds() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Memory> memories = store.write(tx -> {
            List<Memory> inserted = new ArrayList<>();
            for (int i = 0; i < 1200; i++) {
                inserted.add(tx.memories().insert(Fixtures.memory(writer, "bulk " + i)));
            }
            return inserted;
        });

        List<Memory> found = store.read(tx -> tx.memories().findAll(memories.stream().map(Memory::id).toList()));

        assertThat(found).containsExactlyElementsOf(memories);
    }

    @Test
    default void memoryAfterTailsInAscendingOrderWithVectors() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        boolean vectors = store.capabilities().contains(StorageCapability.VECTORS);
        long start = store.read(tx -> tx.memoryFeed().latestRev());
        NewMemory withVector = everyField(writer, null, null, new StoredVector("test/model-1",
                new float[] {1f, 2f, 3f}));
        Memory first = store.write(tx -> tx.memories().insert(withVector));
        List<Memory> rest = Fixtures.insertMany(store, writer, 4);

        List<MemoryDocument> all = store.read(tx -> tx.memoryFeed().changedSince(start, 100));
        List<MemoryDocument> page = store.read(tx -> tx.memoryFeed().changedSince(all.get(0).rev(), 2));

        assertThat(all).extracting(MemoryDocument::memory)
                .containsExactly(first, rest.get(0), rest.get(1), rest.get(2), rest.get(3));
        if (vectors) {
            assertThat(all.get(0).vector().model()).isEqualTo("test/model-1");
            assertThat(all.get(0).vector().values()).containsExactly(1f, 2f, 3f);
        } else {
            assertThat(all.get(0).vector()).isNull();
        }
        assertThat(all.get(1).vector()).isNull();
        assertThat(page).extracting(MemoryDocument::memory).containsExactly(rest.get(0), rest.get(1));
        var beyondTheEnd = store.read(tx -> tx.memoryFeed().changedSince(all.get(4).rev(), 10));
        assertThat(beyondTheEnd).isEmpty();
    }

    @Test
    default void memoryVectorKeepsEveryFloatBitForBit() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        float[] vector = new float[384];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = (float) Math.sin(i * 0.37) / (i + 1);
        }
        vector[0] = Float.MIN_VALUE;
        vector[1] = -0.0f;
        vector[2] = Float.MAX_VALUE;
        long start = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memories().insert(everyField(writer, null, null, new StoredVector("test/model-1",
                vector))));

        StoredVector read = store.read(tx -> tx.memoryFeed().changedSince(start, 1)).get(0).vector();

        if (!store.capabilities().contains(StorageCapability.VECTORS)) {
            assertThat(read).as("a store without VECTORS returns no vector").isNull();
            return;
        }
        float[] stored = read.values();
        assertThat(read.dimension()).isEqualTo(vector.length);
        for (int i = 0; i < vector.length; i++) {
            assertThat(Float.floatToRawIntBits(stored[i])).as("float %d", i).isEqualTo(Float.floatToRawIntBits(vector[i]));
        }
    }

    @Test
    default void memoryOfAnUnknownSessionIsRefusedWithStorageFailure() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        long before = store.read(tx -> tx.memoryFeed().latestRev());
        NewMemory orphan = Fixtures.memory(writer, SessionId.of(Fixtures.unique("no-such-session")), "orphan");

        ColonyException error = catchThrowableOfType(ColonyException.class,
                () -> store.write(tx -> tx.memories().insert(orphan)));

        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.STORAGE_FAILURE);
        var latest = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(latest).isEqualTo(before);
    }

    @Test
    default void aMemoryReadCarriesItsVersionTheRevOfItsLatestChange() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);

        Memory inserted = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "versioned")));
        long afterInsert = store.read(tx -> tx.memoryFeed().latestRev());
        store.write(tx -> tx.memories().update(Fixtures.atVersion(inserted, 0), null));
        long afterUpdate = store.read(tx -> tx.memoryFeed().latestRev());

        assertThat(inserted.version()).as("the insert's answer").isEqualTo(afterInsert);
        assertThat(afterUpdate).isGreaterThan(afterInsert);
        store.read(tx -> {
            assertThat(tx.memories().find(inserted.id())).map(Memory::version).contains(afterUpdate);
            assertThat(tx.memories().findAll(List.of(inserted.id()))).extracting(Memory::version)
                    .containsExactly(afterUpdate);
            assertThat(tx.memoryVectors().documents(List.of(inserted.id()))).singleElement()
                    .satisfies(document -> assertThat(document.memory().version()).isEqualTo(document.rev())
                            .isEqualTo(afterUpdate));
            assertThat(tx.memoryFeed().changedSince(afterInsert, 10)).singleElement()
                    .satisfies(document -> assertThat(document.memory().version()).isEqualTo(afterUpdate));
            return null;
        });
    }
}
