package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The change feed: every insert and update of a memory takes the next store-wide rev, the feed lists
 * each changed memory once at its latest rev, in rev order, and an update (of its kind too) is reported again.
 */
public interface ChangeFeedContract extends StoreUnderTest {

    @Test
    default void insertsTakeIncreasingRevsAndTheFeedListsThemInOrder() {
        StorageProvider store = openStore(newDirectory());
        long empty = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(empty).isZero();
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Memory> inserted = Fixtures.insertMany(store, writer, 5);

        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(0, 100));
        assertThat(feed).extracting(document -> document.memory().id())
                .containsExactlyElementsOf(inserted.stream().map(Memory::id).toList());
        assertThat(feed).extracting(MemoryDocument::rev).isSorted().doesNotHaveDuplicates().allMatch(rev -> rev > 0);
        long latest = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(latest).isEqualTo(feed.get(4).rev());
        List<MemoryDocument> page = store.read(tx -> tx.memoryFeed().changedSince(feed.get(1).rev(), 2));
        assertThat(page).extracting(MemoryDocument::rev).containsExactly(feed.get(2).rev(), feed.get(3).rev());
        List<MemoryDocument> none = store.read(tx -> tx.memoryFeed().changedSince(latest, 10));
        assertThat(none).isEmpty();
    }

    @Test
    default void anUpdateTakesTheNextRevAndAppearsOnceAtIt() {
        StorageProvider store = openStore(newDirectory());
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Memory> inserted = Fixtures.insertMany(store, writer, 3);
        long before = store.read(tx -> tx.memoryFeed().latestRev());
        Memory first = inserted.get(0);
        Instant later = Fixtures.T0.plusSeconds(60);
        Memory edited = new Memory(first.id(), first.namespace(), first.session(), first.kind(), "edited content",
                List.of("edited"), List.of("project"), "ref-1", "src/A.java", first.task(), first.replyTo(),
                first.createdAt(), later, later.plusSeconds(3600), true, Map.of("k", "v"), first.version());
        StoredVector vector = new StoredVector("test/model-1", new float[] {0.25f, -0.5f});

        Memory missing = new Memory(MemoryId.of(first.id().value() + 1_000), first.namespace(), first.session(),
                first.kind(), "x", List.of(), List.of(), null, null, null, null, first.createdAt(), later, null, false,
                Map.of(), first.version());
        boolean updated = store.write(tx -> tx.memories().update(edited, vector));
        boolean updatedMissing = store.write(tx -> tx.memories().update(missing, null));
        assertThat(updated).isTrue();
        assertThat(updatedMissing).isFalse();

        Optional<Memory> stored = store.read(tx -> tx.memories().find(first.id()));
        assertThat(stored).contains(Fixtures.atVersion(edited, before + 1));
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(0, 100));
        assertThat(feed).extracting(document -> document.memory().id()).as("the edited memory, then the one "
                + "after it in its session, whose context changed").containsExactly(inserted.get(2).id(), first.id(),
                inserted.get(1).id());
        MemoryDocument changedOne = feed.get(1);
        long latest = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(changedOne.rev()).isEqualTo(before + 1);
        assertThat(feed.get(2).rev()).isEqualTo(before + 2).isEqualTo(latest);
        assertThat(changedOne.vector().model()).isEqualTo(vector.model());
        assertThat(changedOne.vector().values()).containsExactly(vector.values());
        List<MemoryDocument> changed = store.read(tx -> tx.memoryFeed().changedSince(before, 10));
        assertThat(changed).extracting(d -> d.memory().content()).containsExactly("edited content",
                inserted.get(1).content());
    }

    @Test
    default void anUpdateStoresTheNewKindAndTheFeedCarriesIt() {
        StorageProvider store = openStore(newDirectory());
        Fixtures.Writer writer = Fixtures.writer(store);
        Memory note = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "Invoices render in Chromium")));
        long before = store.read(tx -> tx.memoryFeed().latestRev());

        boolean updated = store.write(tx -> tx.memories().update(withKind(note, MemoryKind.DECISION), null));

        assertThat(updated).isTrue();
        Optional<Memory> found = store.read(tx -> tx.memories().find(note.id()));
        assertThat(found).map(Memory::kind).contains(MemoryKind.DECISION);
        List<Memory> all = store.read(tx -> tx.memories().findAll(List.of(note.id())));
        assertThat(all).extracting(Memory::kind).containsExactly(MemoryKind.DECISION);
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(before, 10));
        assertThat(feed).extracting(document -> document.memory().kind()).containsExactly(MemoryKind.DECISION);
        store.write(tx -> tx.memories().update(withKind(note, note.kind()), null));
        Optional<Memory> reverted = store.read(tx -> tx.memories().find(note.id()));
        assertThat(reverted).map(Memory::kind).contains(note.kind());
    }

    private static Memory withKind(Memory memory, MemoryKind kind) {
        return new Memory(memory.id(), memory.namespace(), memory.session(), kind, memory.content(), memory.topics(),
                memory.macroTopics(), memory.ref(), memory.artifact(), memory.task(), memory.replyTo(),
                memory.createdAt(), memory.updatedAt(), memory.expiresAt(), memory.retracted(), memory.metadata(), memory.version());
    }

    @Test
    default void revsStayIncreasingAcrossManyWriters() throws Exception {
        StorageProvider store = openStore(newDirectory());
        Fixtures.Writer writer = Fixtures.writer(store);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> Fixtures.insertMany(store, writer, 50), "change-feed-writer-" + t);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(0, 1_000));
        assertThat(feed).hasSize(200).extracting(MemoryDocument::rev).isSorted().doesNotHaveDuplicates();
        // Ids and revs were assigned by the same serialised writers, so they agree in order.
        assertThat(feed).extracting(document -> document.memory().id().value()).isSorted();
    }
}
