package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.TaskLink;
import dev.colony.api.task.ThreadEntry;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskPostRecords.WorkingNoteRow;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.TaskLinkRecords} and {@link dev.colony.spi.storage.TaskPostRecords}:
 * links stored once per pair, the thread timeline and updates, live working notes by compare-and-set.
 */
public interface TaskLinkPostContract extends StoreUnderTest {

    @Test
    default void aLinkIsStoredOncePerPairAndFoundFromEitherEnd() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask a = task(store, writer, "a");
        StoredTask b = task(store, writer, "b");
        StoredTask c = task(store, writer, "c");
        SessionId by = writer.session().id();

        TaskLink ab = store.write(tx -> tx.taskLinks().insert(a.id(), b.id(), by, "shared contract", Fixtures.T0));
        TaskLink ac = store.write(tx -> tx.taskLinks().insert(a.id(), c.id(), by, null, Fixtures.T0.plusSeconds(1)));
        ColonyException twice = catchThrowableOfType(ColonyException.class,
                () -> store.write(tx -> tx.taskLinks().insert(a.id(), b.id(), by, "again", Fixtures.T0)));

        assertThat(twice).isNotNull();
        assertThat(twice.code()).isEqualTo(ErrorCode.DUPLICATE);
        Optional<TaskLink> found = store.read(tx -> tx.taskLinks().find(a.id(), b.id()));
        assertThat(found).contains(new TaskLink(a.id(), b.id(), Fixtures.T0, by, "shared contract"));
        List<TaskLink> ofA = store.read(tx -> tx.taskLinks().of(a.id(), 10));
        List<TaskLink> ofB = store.read(tx -> tx.taskLinks().of(b.id(), 10));
        List<TaskLink> firstOfA = store.read(tx -> tx.taskLinks().of(a.id(), 1));
        assertThat(ofA).containsExactly(ab, ac);
        assertThat(ofB).containsExactly(ab);
        assertThat(firstOfA).containsExactly(ab);

        boolean removed = store.write(tx -> tx.taskLinks().delete(a.id(), b.id()));
        boolean removedAgain = store.write(tx -> tx.taskLinks().delete(a.id(), b.id()));
        assertThat(removed).isTrue();
        assertThat(removedAgain).isFalse();
        List<TaskLink> left = store.read(tx -> tx.taskLinks().of(b.id(), 10));
        assertThat(left).isEmpty();
    }

    @Test
    default void timelineIsNewestFirstAndUpdatesSkipOneSessionAndEarlierPosts() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        SessionId other = store.write(tx -> tx.sessions().upsert(
                Fixtures.session(writer.user(), Fixtures.unique("session"), Fixtures.T0))).id();
        StoredTask task = task(store, writer, "thread");
        StoredTask elsewhere = task(store, writer, "elsewhere");
        Memory question = post(store, writer, writer.session().id(), task, "question", null, Fixtures.T0);
        Memory answer = post(store, writer, other, task, "answer", question.id(), Fixtures.T0.plusSeconds(1));
        Memory mine = post(store, writer, writer.session().id(), task, "note", null, Fixtures.T0.plusSeconds(2));
        post(store, writer, other, elsewhere, "note", null, Fixtures.T0.plusSeconds(3));
        Memory later = post(store, writer, other, task, "blocker", null, Fixtures.T0.plusSeconds(4));

        List<ThreadEntry> timeline = store.read(tx -> tx.taskPosts().timeline(task.id(), 10));
        List<ThreadEntry> since = store.read(tx -> tx.taskPosts().since(task.id(), Fixtures.T0,
                writer.session().id(), 10));
        List<ThreadEntry> limited = store.read(tx -> tx.taskPosts().since(task.id(), Fixtures.T0,
                writer.session().id(), 1));

        assertThat(timeline).extracting(ThreadEntry::id).containsExactly(later.id(), mine.id(), answer.id(),
                question.id());
        assertThat(timeline.get(2)).isEqualTo(new ThreadEntry(answer.id(), MemoryKind.of("answer"), other,
                Fixtures.T0.plusSeconds(1), question.id()));
        assertThat(timeline.get(3).replyTo()).isNull();
        assertThat(since).extracting(ThreadEntry::id).containsExactly(answer.id(), later.id());
        assertThat(limited).extracting(ThreadEntry::id).containsExactly(answer.id());
    }

    @Test
    default void theLiveWorkingNoteMovesByCompareAndSetAndARetiredNoteTakesANewRev() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        SessionId session = writer.session().id();
        StoredTask task = task(store, writer, "notes");
        Memory first = post(store, writer, session, task, "note", null, Fixtures.T0);
        Memory second = post(store, writer, session, task, "note", null, Fixtures.T0.plusSeconds(1));
        Instant later = Fixtures.T0.plusSeconds(60);

        boolean inserted = store.write(tx -> tx.taskPosts().putWorkingNote(task.id(), session, first.id(), 0,
                Fixtures.T0));
        boolean insertedTwice = store.write(tx -> tx.taskPosts().putWorkingNote(task.id(), session, second.id(), 0,
                Fixtures.T0));
        boolean moved = store.write(tx -> tx.taskPosts().putWorkingNote(task.id(), session, second.id(), 1, later));
        boolean stale = store.write(tx -> tx.taskPosts().putWorkingNote(task.id(), session, first.id(), 1, later));

        assertThat(inserted).isTrue();
        assertThat(insertedTwice).isFalse();
        assertThat(moved).isTrue();
        assertThat(stale).isFalse();
        Optional<WorkingNoteRow> live = store.read(tx -> tx.taskPosts().workingNote(task.id(), session));
        assertThat(live).contains(new WorkingNoteRow(task.id(), session, second.id(), later, 2));

        long revBefore = store.read(tx -> tx.memoryFeed().latestRev());
        boolean retired = store.write(tx -> tx.taskPosts().retire(first.id(), Map.of("superseded_by",
                second.id().value()), later));
        boolean missing = store.write(tx -> tx.taskPosts().retire(MemoryId.of(Long.MAX_VALUE), Map.of(), later));
        assertThat(retired).isTrue();
        assertThat(missing).isFalse();
        Memory stored = store.read(tx -> tx.memories().find(first.id())).orElseThrow();
        assertThat(stored.metadata()).isEqualTo(Map.of("superseded_by", second.id().value()));
        assertThat(stored.expiresAt()).isEqualTo(later);
        assertThat(stored.updatedAt()).isEqualTo(later);
        assertThat(stored.content()).isEqualTo(first.content());
        long revAfter = store.read(tx -> tx.memoryFeed().latestRev());
        assertThat(revAfter).isEqualTo(revBefore + 1);
    }

    private static StoredTask task(StorageProvider store, Fixtures.Writer writer, String branch) {
        return store.write(tx -> tx.tasks().insert(writer.namespace().id(), branch, "/r/" + Fixtures.unique("repo"),
                branch, writer.session().id(), Fixtures.T0));
    }

    private static Memory post(StorageProvider store, Fixtures.Writer writer, SessionId session, StoredTask task,
            String kind, MemoryId replyTo, Instant at) {
        NewMemory memory = new NewMemory(writer.namespace().id(), session, MemoryKind.of(kind), kind + " on "
                + task.title(), List.of(), List.of(), null, null, task.id(), replyTo, at, null, Map.of(), null);
        return store.write(tx -> tx.memories().insert(memory));
    }
}
