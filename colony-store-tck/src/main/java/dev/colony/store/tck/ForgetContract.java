package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.ForgottenMemory;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.Presence;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import dev.colony.spi.storage.TrackedTaskRecords.FeedQuery;
import dev.colony.spi.storage.TrackedTaskRecords.FeedRow;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Forgetting and purging ({@link dev.colony.spi.storage.MemoryForgetting#forget},
 * {@link dev.colony.spi.storage.MemoryForgetting#purge}): a forgotten memory is gone from every read but the
 * change feed and the audit trail; a purged one has nothing left of what it said, here or in the copies the
 * store keeps of its text.
 */
public interface ForgetContract extends StoreUnderTest {

    @Test
    default void aForgottenMemoryIsGoneFromEveryReadButTheFeedAndTheAuditTrail() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredVector vector = new StoredVector("test-model", new float[] {1f, 0f, 0f});
        Memory kept = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "kept")));
        Memory forgotten = store.write(tx -> tx.memories().insert(new NewMemory(writer.namespace().id(),
                writer.session().id(), MemoryKind.FACT, "the deploy key is hunter2", List.of("deploy"), List.of("ops"),
                null, null, null, null, Fixtures.T0, null, Map.of(), vector)));
        long revBefore = store.read(tx -> tx.memoryFeed().latestRev());

        boolean done = forget(store, forgotten.id(), "alice", Fixtures.T0.plusSeconds(5));

        assertThat(done).isTrue();
        store.read(tx -> {
            assertThat(tx.memories().find(forgotten.id())).isEmpty();
            assertThat(tx.memories().findAll(List.of(kept.id(), forgotten.id()))).extracting(Memory::id)
                    .containsExactly(kept.id());
            assertThat(tx.memoryVectors().documents(List.of(forgotten.id()))).isEmpty();
            assertThat(tx.memories().countIn(writer.namespace().id())).isEqualTo(1);
            assertThat(tx.memories().timeline(writer.session().id(), Set.of(writer.namespace().id()), null, 10))
                    .extracting(entry -> entry.id()).containsExactly(kept.id());
            assertThat(tx.memoryVectors().withoutVector("other-model", 3, Set.of(), kept.id().value() - 1, 1000))
                    .extracting(document -> document.memory().id()).contains(kept.id()).doesNotContain(forgotten.id());
            assertThat(tx.landscape().tagged(Set.of(writer.namespace().id()), MemoryKind.FACT, "deploy",
                    Fixtures.T0, 10)).isEmpty();
            return null;
        });
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(revBefore, 10));
        assertThat(feed).extracting(document -> document.memory().id()).containsExactly(forgotten.id());
        assertThat(feed.get(0).presence()).isEqualTo(Presence.FORGOTTEN);
        ForgottenMemory audit = store.read(tx -> tx.memoryForgetting().forgottenMemory(forgotten.id())).orElseThrow();
        assertThat(audit.memory().content()).as("the audit trail keeps it").isEqualTo("the deploy key is hunter2");
        assertThat(audit.presence()).isEqualTo(Presence.FORGOTTEN);
        assertThat(audit.forgottenBy()).isEqualTo("alice");
        assertThat(audit.forgottenAt()).isEqualTo(Fixtures.T0.plusSeconds(5));
        Optional<ForgottenMemory> live = store.read(tx -> tx.memoryForgetting().forgottenMemory(kept.id()));
        assertThat(live).isEmpty();
        assertThat(forget(store, forgotten.id(), "alice", Fixtures.T0)).isFalse();
        boolean revived = store.write(tx -> tx.memories().update(audit.memory(), null));
        assertThat(revived).as("no edit revives it").isFalse();
    }

    @Test
    default void aPurgedMemoryKeepsOnlyItsPlace() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredVector vector = new StoredVector("test-model", new float[] {0f, 1f, 0f});
        Memory live = store.write(tx -> tx.memories().insert(new NewMemory(writer.namespace().id(),
                writer.session().id(), MemoryKind.FACT, "token ghp_secret", List.of("token"), List.of("ops"), "ref1",
                "notes.md", null, null, Fixtures.T0, null, Map.of("source", "paste"), vector)));
        Memory earlier = store.write(tx -> tx.memories().insert(Fixtures.memory(writer, "forgotten first")));
        store.write(tx -> tx.memoryForgetting().forget(earlier.id(), "alice", Fixtures.T0.plusSeconds(1)));
        long revBefore = store.read(tx -> tx.memoryFeed().latestRev());

        assertThat(purge(store, live.id(), "owner", Fixtures.T0.plusSeconds(9))).isTrue();
        assertThat(purge(store, earlier.id(), "owner", Fixtures.T0.plusSeconds(9))).isTrue();

        ForgottenMemory purged = store.read(tx -> tx.memoryForgetting().forgottenMemory(live.id())).orElseThrow();
        assertThat(purged.presence()).isEqualTo(Presence.PURGED);
        assertThat(purged.memory().content()).isEmpty();
        assertThat(purged.memory().topics()).isEmpty();
        assertThat(purged.memory().macroTopics()).isEmpty();
        assertThat(purged.memory().ref()).isNull();
        assertThat(purged.memory().artifact()).isNull();
        assertThat(purged.memory().metadata()).isEmpty();
        assertThat(purged.memory().namespace()).isEqualTo(writer.namespace().id());
        assertThat(purged.forgottenBy()).isEqualTo("owner");
        ForgottenMemory first = store.read(tx -> tx.memoryForgetting().forgottenMemory(earlier.id())).orElseThrow();
        assertThat(first.forgottenBy()).as("who forgot it first stays on record").isEqualTo("alice");
        assertThat(first.forgottenAt()).isEqualTo(Fixtures.T0.plusSeconds(1));
        List<MemoryDocument> feed = store.read(tx -> tx.memoryFeed().changedSince(revBefore, 10));
        assertThat(feed).extracting(document -> document.memory().id()).containsExactly(live.id(), earlier.id());
        assertThat(feed).allSatisfy(document -> {
            assertThat(document.presence()).isEqualTo(Presence.PURGED);
            assertThat(document.vector()).isNull();
            assertThat(document.memory().content()).isEmpty();
        });
        Map<String, Long> models = store.read(tx -> tx.memoryVectors().otherVectorModels("another-model"));
        assertThat(models).doesNotContainKey("test-model");
        assertThat(purge(store, live.id(), "owner", Fixtures.T0)).isFalse();
        assertThat(purge(store, MemoryId.of(live.id().value() + 1_000_000), "owner",
                Fixtures.T0)).isFalse();
    }

    @Test
    default void aForgottenChecklistLeavesTheFeedAndAPurgedOneTakesTheTitleAlong() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        MemoryId checklist = store.write(tx -> {
            StoredTask inserted = tx.trackedTasks().insert(writer.namespace().id(), "Rotate the key sk-123",
                    TaskStatus.PENDING, writer.session().id(), Fixtures.T0);
            Memory memory = tx.memories().insert(new NewMemory(writer.namespace().id(), writer.session().id(),
                    MemoryKind.TASK, "Rotate the key sk-123", List.of(), List.of(), null, null, inserted.id(), null,
                    Fixtures.T0, null, Map.of(), null));
            tx.trackedTasks().attachChecklist(inserted.id(), memory.id());
            return memory.id();
        });
        TaskId task = store.read(tx -> tx.trackedTasks().taskOf(checklist)).orElseThrow();
        FeedQuery everything = new FeedQuery(Set.of(writer.namespace().id()), null, null, null, Fixtures.T0, 10);
        List<FeedRow> before = store.read(tx -> tx.trackedTasks().feed(everything));
        assertThat(before).hasSize(1);

        store.write(tx -> tx.memoryForgetting().forget(checklist, "alice", Fixtures.T0));

        List<FeedRow> after = store.read(tx -> tx.trackedTasks().feed(everything));
        assertThat(after).isEmpty();
        store.write(tx -> tx.memoryForgetting().purge(checklist, "owner", Fixtures.T0));
        assertThat(store.read(tx -> tx.tasks().find(task)).orElseThrow().title()).doesNotContain("sk-123");
    }

    @Test
    default void aForgottenMessageLeavesEveryInboxAndAPurgedOneItsPreview() {
        StorageProvider store = store();
        MessageContract.MessageThread thread = MessageContract.MessageThread.start(store);
        var message = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);

        store.write(tx -> tx.memoryForgetting().forget(message.id(), "alice", Fixtures.T0.plusSeconds(3)));

        var after = store.read(tx -> tx.messages().find(message.id())).orElseThrow();
        assertThat(after.status()).isEqualTo(MessageStatus.RETRACTED);
        assertThat(after.version()).isEqualTo(message.version() + 1);
        store.write(tx -> tx.memoryForgetting().purge(message.id(), "owner", Fixtures.T0.plusSeconds(4)));
        assertThat(store.read(tx -> tx.messages().find(message.id())).orElseThrow().preview()).isEmpty();
    }

    private static boolean forget(StorageProvider store, MemoryId id, String by, Instant at) {
        Boolean done = store.write(tx -> tx.memoryForgetting().forget(id, by, at));
        return done;
    }

    private static boolean purge(StorageProvider store, MemoryId id, String by, Instant at) {
        Boolean done = store.write(tx -> tx.memoryForgetting().purge(id, by, at));
        return done;
    }
}
