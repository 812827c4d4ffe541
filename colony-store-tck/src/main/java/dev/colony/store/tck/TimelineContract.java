package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.MemoryRecords#timeline}: one session's memories newest first, the
 * latest ones or a window around an id.
 */
public interface TimelineContract extends StoreUnderTest {

    /**
     * Ten memories of one session ({@code mine}, ascending ids), each followed by one memory of another
     * session ({@code others}), so that the session's ids are not consecutive.
     */
    record Interleaved(SessionId session, NamespaceId namespace, List<Memory> mine, List<Memory> others) {

        /** The id of the {@code index}-th memory of the session. */
        long id(int index) {
            return mine.get(index).id().value();
        }
    }

    private Interleaved interleaved() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        List<Memory> mine = new ArrayList<>();
        List<Memory> others = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            int n = i;
            NewMemory memory = new NewMemory(writer.namespace().id(), writer.session().id(),
                    i % 2 == 0 ? MemoryKind.NOTE : MemoryKind.DECISION, "mine " + n, List.of(), List.of(),
                    null, null, null, null, Fixtures.T0.plusSeconds(n), null, Map.of(), null);
            mine.add(store.write(tx -> tx.memories().insert(memory)));
            others.add(store.write(tx -> tx.memories().insert(Fixtures.memory(other, "other " + n))));
        }
        return new Interleaved(writer.session().id(), writer.namespace().id(), mine, others);
    }

    private List<Long> timeline(Interleaved s, Long around, int limit) {
        return timeline(s.session(), Set.of(s.namespace()), around, limit);
    }

    private List<Long> timeline(SessionId session, Set<NamespaceId> namespaces, Long around, int limit) {
        List<TimelineEntry> entries = store().read(tx -> tx.memories().timeline(session, namespaces,
                around == null ? null : MemoryId.of(around), limit));
        return entries.stream().map(entry -> entry.id().value()).toList();
    }

    @Test
    default void timelineWithoutAnchorIsTheLatestNewestFirst() {
        Interleaved s = interleaved();

        assertThat(timeline(s, null, 3)).containsExactly(s.id(9), s.id(8), s.id(7));
        assertThat(timeline(s, null, 50)).hasSize(10).startsWith(s.id(9)).endsWith(s.id(0)).isSortedAccordingTo(
                (a, b) -> Long.compare(b, a));
    }

    @Test
    default void timelineEntriesCarryKindAndCreationTime() {
        Interleaved s = interleaved();

        List<TimelineEntry> entries = store().read(tx -> tx.memories().timeline(s.session(), Set.of(s.namespace()),
                null, 2));

        assertThat(entries).containsExactly(
                new TimelineEntry(s.mine().get(9).id(), MemoryKind.DECISION, Fixtures.T0.plusSeconds(9)),
                new TimelineEntry(s.mine().get(8).id(), MemoryKind.NOTE, Fixtures.T0.plusSeconds(8)));
    }

    @Test
    default void timelineAroundAnIdIsCenteredOnIt() {
        Interleaved s = interleaved();

        assertThat(timeline(s, s.id(5), 5)).containsExactly(s.id(7), s.id(6), s.id(5), s.id(4), s.id(3));
    }

    @Test
    default void timelineAroundAnIdWithAnEvenLimitPutsHalfOnTheNewerSide() {
        Interleaved s = interleaved();

        assertThat(timeline(s, s.id(5), 4)).containsExactly(s.id(7), s.id(6), s.id(5), s.id(4));
        assertThat(timeline(s, s.id(5), 2)).containsExactly(s.id(6), s.id(5));
    }

    @Test
    default void timelineAroundAnIdWithLimitOneIsThatId() {
        Interleaved s = interleaved();

        assertThat(timeline(s, s.id(4), 1)).containsExactly(s.id(4));
        assertThat(timeline(s, s.id(9), 1)).containsExactly(s.id(9));
        assertThat(timeline(s, s.id(0), 1)).containsExactly(s.id(0));
    }

    @Test
    default void timelineNearTheNewestEndFillsFromOlderMemories() {
        Interleaved s = interleaved();

        assertThat(timeline(s, s.id(9), 5)).containsExactly(s.id(9), s.id(8), s.id(7), s.id(6), s.id(5));
        assertThat(timeline(s, s.id(8), 5)).containsExactly(s.id(9), s.id(8), s.id(7), s.id(6), s.id(5));
    }

    @Test
    default void timelineNearTheOldestEndFillsFromNewerMemories() {
        Interleaved s = interleaved();

        assertThat(timeline(s, s.id(0), 5)).containsExactly(s.id(4), s.id(3), s.id(2), s.id(1), s.id(0));
        assertThat(timeline(s, s.id(1), 5)).containsExactly(s.id(4), s.id(3), s.id(2), s.id(1), s.id(0));
        assertThat(timeline(s, s.id(0), 3)).containsExactly(s.id(2), s.id(1), s.id(0));
    }

    @Test
    default void timelineWithALimitBeyondTheSessionHoldsTheWholeSession() {
        Interleaved s = interleaved();

        List<Long> all = timeline(s, s.id(3), 25);

        assertThat(all).hasSize(10).startsWith(s.id(9)).endsWith(s.id(0));
    }

    @Test
    default void timelineAroundAnIdOfAnotherSessionHoldsOnlyThisSession() {
        Interleaved s = interleaved();
        long foreign = s.others().get(4).id().value();

        List<Long> window = timeline(s, foreign, 4);

        assertThat(window).doesNotContain(foreign).containsExactly(s.id(6), s.id(5), s.id(4), s.id(3));
        assertThat(s.others()).extracting(m -> m.id().value()).doesNotContainAnyElementsOf(timeline(s, null, 50));
    }

    @Test
    default void timelineOfASessionWithoutMemoriesIsEmpty() {
        Fixtures.Writer writer = Fixtures.writer(store());

        assertThat(timeline(writer.session().id(), Set.of(writer.namespace().id()), null, 10)).isEmpty();
        assertThat(timeline(SessionId.of(Fixtures.unique("missing")), Set.of(writer.namespace().id()), 1L, 10))
                .isEmpty();
    }

    @Test
    default void timelineLeavesOutWhatTheSessionWroteInNamespacesNotGivenAndFillsTheWindowWithTheRest() {
        StorageProvider store = store();
        Interleaved s = interleaved();
        Fixtures.Writer elsewhere = Fixtures.writer(store);
        List<Long> foreign = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            NewMemory memory = new NewMemory(elsewhere.namespace().id(), s.session(), MemoryKind.NOTE, "elsewhere "
                    + i, List.of(), List.of(), null, null, null, null, Fixtures.T0, null, Map.of(), null);
            foreign.add(store.write(tx -> tx.memories().insert(memory)).id().value());
        }

        List<Long> latest = timeline(s, null, 3);
        List<Long> both = timeline(s.session(), Set.of(s.namespace(), elsewhere.namespace().id()), null, 3);

        assertThat(latest).containsExactly(s.id(9), s.id(8), s.id(7));
        assertThat(both).containsExactly(foreign.get(2), foreign.get(1), foreign.get(0));
        assertThat(timeline(s.session(), Set.of(), null, 3)).isEmpty();
    }
}
