package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.NamespaceId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.spi.storage.ArchiveRecords.ArchiveScope;
import dev.colony.spi.storage.ArchiveRecords.ArchiveTable;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.SignalRecords.NewSignal;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.StoredVector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.ArchiveRecords}: an archive reads the rows of its scope's namespaces only,
 * live memories with their vectors, references to rows it leaves out as null, and the scope user's pending
 * signals; tables come in restore order and every row has every column.
 */
public interface ArchiveContract extends StoreUnderTest {

    @Test
    default void anArchiveReadsItsScopeAndNothingElse() {
        StorageProvider store = store();
        Fixtures.Writer alice = Fixtures.writer(store);
        Fixtures.Writer bob = Fixtures.writer(store);
        StoredVector vector = new StoredVector("test-model", new float[] {0.5f, -1f, 2f});
        Memory kept = store.write(tx -> tx.memories().insert(new NewMemory(alice.namespace().id(),
                alice.session().id(), MemoryKind.FACT, "kept", List.of("a"), List.of(), null, null, null, null,
                Fixtures.T0, null, Map.of(), vector)));
        Memory forgotten = store.write(tx -> tx.memories().insert(Fixtures.memory(alice, "forgotten")));
        Memory reply = store.write(tx -> tx.memories().insert(new NewMemory(alice.namespace().id(),
                alice.session().id(), MemoryKind.NOTE, "a reply to a forgotten memory", List.of(), List.of(), null,
                null, null, forgotten.id(), Fixtures.T0, null, Map.of(), null)));
        store.write(tx -> tx.memoryForgetting().forget(forgotten.id(), "test", Fixtures.T0));
        store.write(tx -> tx.memories().insert(Fixtures.memory(bob, "bob's own")));
        store.write(tx -> tx.signals().insert(new NewSignal(alice.namespace().id(), bob.user(), "codex",
                bob.session().id(), alice.user(), null, List.of(kept.id()), Fixtures.T0, Fixtures.T0.plusSeconds(60))));
        store.write(tx -> tx.signals().insert(new NewSignal(alice.namespace().id(), bob.user(), "codex",
                bob.session().id(), alice.user(), null, List.of(kept.id()), Fixtures.T0, Fixtures.T0.plusSeconds(5))));
        ArchiveScope scope = new ArchiveScope(alice.user(), Set.of(alice.namespace().id()), Fixtures.T0.plusSeconds(10));

        Map<String, List<Map<String, Object>>> rows = store.read(tx -> {
            Map<String, List<Map<String, Object>>> read = new LinkedHashMap<>();
            for (ArchiveTable table : tx.archive().tables()) {
                List<Map<String, Object>> tableRows = new ArrayList<>();
                tx.archive().read(table.name(), scope, tableRows::add);
                tableRows.forEach(row -> assertThat(row.keySet()).as(table.name()).containsExactlyElementsOf(
                        table.columns().stream().map(column -> column.name()).toList()));
                read.put(table.name(), tableRows);
            }
            return read;
        });

        assertThat(rows.keySet()).containsExactly("namespaces", "namespace_members", "sessions", "tasks", "memories",
                "signals");
        assertThat(rows.get("namespaces")).extracting(row -> row.get("id")).containsExactly(alice.namespace().id()
                .value());
        assertThat(rows.get("memories")).extracting(row -> row.get("id")).containsExactly(kept.id().value(),
                reply.id().value());
        Map<String, Object> first = rows.get("memories").get(0);
        assertThat(first.get("vector")).isInstanceOf(byte[].class);
        assertThat(first.get("vector_model")).isEqualTo("test-model");
        assertThat(first.get("retracted")).isEqualTo(false);
        assertThat(rows.get("memories").get(1).get("reply_to")).as("its target is left out").isNull();
        assertThat(rows.get("sessions")).extracting(row -> row.get("id")).containsExactly(alice.session().id()
                .value());
        assertThat(rows.get("signals")).as("pending and unexpired only").hasSize(1);
        boolean empty = store.read(tx -> tx.archive().isEmpty());
        assertThat(empty).isFalse();
        List<Map<String, Object>> none = new ArrayList<>();
        store.read(tx -> {
            tx.archive().read("memories", new ArchiveScope(alice.user(), Set.<NamespaceId>of(), Fixtures.T0),
                    none::add);
            return null;
        });
        assertThat(none).isEmpty();
    }
}
