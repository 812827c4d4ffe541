package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.activity.FileEdit;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.BatonRecords.StoredBaton;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The reads overviews are built from: recorded file edits, pending batons and recent posts by kind,
 * each across a set of namespaces, newest first, limited, and never showing another namespace's rows.
 */
public interface ActivityContract extends StoreUnderTest {

    @Test
    default void fileEditsAreReadByNamespaceSinceAnInstantNewestFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        StoredTask task = ClaimBatonContract.task(store, writer);
        StoredTask hidden = ClaimBatonContract.task(store, other);
        FileEdit old = new FileEdit(task.id(), "src/A.java", writer.session().id(), "claude-code", Fixtures.T0);
        FileEdit mid = new FileEdit(task.id(), "src/B.java", writer.session().id(), "claude-code",
                Fixtures.T0.plusSeconds(60));
        FileEdit recent = new FileEdit(task.id(), "src/A.java", writer.session().id(), "claude-code",
                Fixtures.T0.plusSeconds(120));
        for (FileEdit edit : List.of(old, mid, recent)) {
            store.write(tx -> {
                tx.fileEdits().insert(edit);
                return null;
            });
        }
        store.write(tx -> {
            tx.fileEdits().insert(new FileEdit(hidden.id(), "src/A.java", other.session().id(), "codex",
                    Fixtures.T0.plusSeconds(90)));
            return null;
        });
        Set<NamespaceId> mine = Set.of(writer.namespace().id());

        assertThat(store.<List<FileEdit>>read(tx -> tx.fileEdits().since(mine, Fixtures.T0, 10)))
                .containsExactly(recent, mid, old);
        assertThat(store.<List<FileEdit>>read(tx -> tx.fileEdits().since(mine, Fixtures.T0.plusSeconds(60), 10)))
                .as("the bound is inclusive").containsExactly(recent, mid);
        assertThat(store.<List<FileEdit>>read(tx -> tx.fileEdits().since(mine, Fixtures.T0, 1))).containsExactly(recent);
        assertThat(store.<List<FileEdit>>read(tx -> tx.fileEdits().since(Set.of(), Fixtures.T0, 10))).isEmpty();
        assertThatThrownBy(() -> store.read(tx -> tx.fileEdits().since(mine, Fixtures.T0, 0)))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("limit");
                });
    }

    @Test
    default void batonsAreListedByNamespaceAndStatusNewestFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        StoredTask task = ClaimBatonContract.task(store, writer);
        StoredTask second = ClaimBatonContract.task(store, writer);
        StoredBaton first = ClaimBatonContract.newBaton(store, writer, task, BatonKind.HANDOFF);
        StoredBaton relay = ClaimBatonContract.newBaton(store, writer, second, BatonKind.RELAY);
        ClaimBatonContract.newBaton(store, other, ClaimBatonContract.task(store, other), BatonKind.HANDOFF);
        StoredBaton accepted = store.write(tx -> tx.batons().compareAndSet(
                relay.resolved(BatonStatus.ACCEPTED, writer.session().id(), Fixtures.T0, null), Fixtures.T0)).orElseThrow();
        Set<NamespaceId> mine = Set.of(writer.namespace().id());

        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByNamespaces(mine, List.of(BatonStatus.PENDING), 10)))
                .containsExactly(first);
        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByNamespaces(mine,
                List.of(BatonStatus.values()), 10))).containsExactly(accepted, first);
        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByNamespaces(mine,
                List.of(BatonStatus.values()), 1))).containsExactly(accepted);
        assertThat(store.<List<StoredBaton>>read(tx -> tx.batons().listByNamespaces(mine, List.of(), 10))).isEmpty();
    }

    @Test
    default void recentPostsAreReadByKindAndNamespaceLeavingOutRetractedAndThreadlessOnes() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        StoredTask task = ClaimBatonContract.task(store, writer);
        StoredTask hidden = ClaimBatonContract.task(store, other);
        MemoryKind blocker = MemoryKind.of("blocker");
        Memory early = store.write(tx -> tx.memories().insert(post(writer, task, blocker, "early", Fixtures.T0)));
        Memory late = store.write(tx -> tx.memories().insert(post(writer, task, blocker, "late",
                Fixtures.T0.plusSeconds(30))));
        Memory warning = store.write(tx -> tx.memories().insert(post(writer, task, MemoryKind.of("failed_approach"),
                "warning", Fixtures.T0.plusSeconds(10))));
        store.write(tx -> tx.memories().insert(post(writer, task, MemoryKind.NOTE, "note", Fixtures.T0)));
        store.write(tx -> tx.memories().insert(post(writer, null, blocker, "threadless", Fixtures.T0)));
        store.write(tx -> tx.memories().insert(post(other, hidden, blocker, "hidden", Fixtures.T0)));
        Memory gone = store.write(tx -> tx.memories().insert(post(writer, task, blocker, "gone", Fixtures.T0)));
        store.write(tx -> tx.memories().update(retracted(gone), null));
        Set<NamespaceId> mine = Set.of(writer.namespace().id());

        assertThat(store.<List<Memory>>read(tx -> tx.taskPosts().recentOfKinds(mine, List.of(blocker), Fixtures.T0, 10)))
                .extracting(Memory::id).containsExactly(late.id(), early.id());
        assertThat(store.<List<Memory>>read(tx -> tx.taskPosts().recentOfKinds(mine,
                List.of(blocker, MemoryKind.of("failed_approach")), Fixtures.T0.plusSeconds(5), 10)))
                .extracting(Memory::id).containsExactly(late.id(), warning.id());
        assertThat(store.<List<Memory>>read(tx -> tx.taskPosts().recentOfKinds(mine, List.of(), Fixtures.T0, 10)))
                .isEmpty();
    }

    private static NewMemory post(Fixtures.Writer writer, StoredTask task, MemoryKind kind, String content, Instant at) {
        return new NewMemory(writer.namespace().id(), writer.session().id(), kind, content, List.of(), List.of(), null,
                null, task == null ? null : task.id(), null, at, null, Map.of(), null);
    }

    private static Memory retracted(Memory memory) {
        return new Memory(memory.id(), memory.namespace(), memory.session(), memory.kind(), memory.content(),
                memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(), memory.task(), memory.replyTo(),
                memory.createdAt(), memory.updatedAt(), memory.expiresAt(), true, memory.metadata(), memory.version());
    }
}
