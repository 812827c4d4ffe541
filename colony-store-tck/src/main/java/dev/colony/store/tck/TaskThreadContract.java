package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.task.Participant;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.Participation;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.TaskRecords} for task threads: lookup by repository root and branch,
 * listing by namespace, the compare-and-set touch, participants.
 */
public interface TaskThreadContract extends StoreUnderTest {

    @Test
    default void threadIsFoundByItsRepoRootAndBranchInItsNamespaceOnly() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        StoredTask task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "main", "/work/app", "main",
                writer.session().id(), Fixtures.T0));

        Optional<StoredTask> found = store.read(tx -> tx.tasks().findByRepoBranch(writer.namespace().id(), "/work/app",
                "main"));
        Optional<StoredTask> otherBranch = store.read(tx -> tx.tasks().findByRepoBranch(writer.namespace().id(),
                "/work/app", "dev"));
        Optional<StoredTask> otherNamespace = store.read(tx -> tx.tasks().findByRepoBranch(other.namespace().id(),
                "/work/app", "main"));

        assertThat(found).contains(task);
        assertThat(otherBranch).isEmpty();
        assertThat(otherNamespace).isEmpty();
    }

    @Test
    default void listShowsTheGivenNamespacesNewestChangeFirstWithFiltersAndLimit() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);
        NamespaceId home = writer.namespace().id();
        StoredTask old = store.write(tx -> tx.tasks().insert(home, "a", "/r/one", "main", null, Fixtures.T0));
        StoredTask mid = store.write(tx -> tx.tasks().insert(home, "b", "/r/one", "dev", null,
                Fixtures.T0.plusSeconds(1)));
        StoredTask recent = store.write(tx -> tx.tasks().insert(home, "c", "/r/two", "main", null,
                Fixtures.T0.plusSeconds(2)));
        store.write(tx -> tx.tasks().insert(other.namespace().id(), "hidden", "/r/one", "main", null,
                Fixtures.T0.plusSeconds(3)));

        List<StoredTask> all = store.read(tx -> tx.tasks().list(Set.of(home), null, null, 10));
        List<StoredTask> repo = store.read(tx -> tx.tasks().list(Set.of(home), "/r/one", null, 10));
        List<StoredTask> branch = store.read(tx -> tx.tasks().list(Set.of(home), null, "main", 10));
        List<StoredTask> both = store.read(tx -> tx.tasks().list(Set.of(home), "/r/one", "dev", 10));
        List<StoredTask> limited = store.read(tx -> tx.tasks().list(Set.of(home), null, null, 2));
        List<StoredTask> none = store.read(tx -> tx.tasks().list(Set.of(), null, null, 10));

        assertThat(all).containsExactly(recent, mid, old);
        assertThat(repo).containsExactly(mid, old);
        assertThat(branch).containsExactly(recent, old);
        assertThat(both).containsExactly(mid);
        assertThat(limited).containsExactly(recent, mid);
        assertThat(none).isEmpty();
    }

    @Test
    default void touchIsACompareAndSetOnTheVersion() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "main", "/r/cas", "main", null,
                Fixtures.T0));
        Instant later = Fixtures.T0.plusSeconds(60);

        Optional<StoredTask> first = store.write(tx -> tx.tasks().touch(task.id(), 1, later));
        Optional<StoredTask> stale = store.write(tx -> tx.tasks().touch(task.id(), 1, later.plusSeconds(1)));
        Optional<StoredTask> missing = store.write(tx -> tx.tasks().touch(TaskId.of(Long.MAX_VALUE), 1, later));

        assertThat(first).isPresent();
        assertThat(first.get().version()).isEqualTo(2);
        assertThat(first.get().updatedAt()).isEqualTo(later);
        assertThat(first.get().createdAt()).isEqualTo(Fixtures.T0);
        assertThat(stale).isEmpty();
        assertThat(missing).isEmpty();
        Optional<StoredTask> stored = store.read(tx -> tx.tasks().find(task.id()));
        assertThat(stored).contains(first.get());
    }

    @Test
    default void joinIsIdempotentAndParticipantsKeepTheirFirstJoin() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        SessionId second = store.write(tx -> tx.sessions().upsert(
                Fixtures.session(writer.user(), Fixtures.unique("session"), Fixtures.T0))).id();
        StoredTask task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "main", "/r/join", "main", null,
                Fixtures.T0));

        boolean joined = store.write(tx -> tx.tasks().join(task.id(), writer.session().id(), "claude-code",
                Fixtures.T0.plusSeconds(1)));
        boolean again = store.write(tx -> tx.tasks().join(task.id(), writer.session().id(), "claude-code",
                Fixtures.T0.plusSeconds(5)));
        boolean other = store.write(tx -> tx.tasks().join(task.id(), second, "codex", Fixtures.T0.plusSeconds(2)));

        assertThat(joined).isTrue();
        assertThat(again).isFalse();
        assertThat(other).isTrue();
        List<Participant> participants = store.read(tx -> tx.tasks().participants(task.id(), 10));
        assertThat(participants).containsExactly(
                new Participant(task.id(), writer.session().id(), "claude-code", Fixtures.T0.plusSeconds(1)),
                new Participant(task.id(), second, "codex", Fixtures.T0.plusSeconds(2)));
        List<Participant> firstOnly = store.read(tx -> tx.tasks().participants(task.id(), 1));
        assertThat(firstOnly).hasSize(1);
        boolean secondJoined = store.read(tx -> tx.tasks().isParticipant(task.id(), second));
        assertThat(secondJoined).isTrue();
        SessionId stranger = Fixtures.writer(store).session().id();
        boolean strangerJoined = store.read(tx -> tx.tasks().isParticipant(task.id(), stranger));
        assertThat(strangerJoined).isFalse();
    }

    @Test
    default void participationsListTheSessionsTasksNewestChangeFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        SessionId session = writer.session().id();
        NamespaceId home = writer.namespace().id();
        StoredTask first = store.write(tx -> tx.tasks().insert(home, "a", "/r/part", "a", null, Fixtures.T0));
        StoredTask second = store.write(tx -> tx.tasks().insert(home, "b", "/r/part", "b", null, Fixtures.T0));
        store.write(tx -> tx.tasks().insert(home, "c", "/r/part", "c", null, Fixtures.T0));
        store.write(tx -> tx.tasks().join(first.id(), session, "claude-code", Fixtures.T0));
        store.write(tx -> tx.tasks().join(second.id(), session, "claude-code", Fixtures.T0.plusSeconds(1)));
        StoredTask touched = store.write(tx -> tx.tasks().touch(first.id(), 1, Fixtures.T0.plusSeconds(9)))
                .orElseThrow();

        List<Participation> participations = store.read(tx -> tx.tasks().participations(session, 10));

        assertThat(participations).extracting(Participation::task).containsExactly(touched, second);
        assertThat(participations.get(1).agent()).isEqualTo("claude-code");
        assertThat(participations.get(1).joinedAt()).isEqualTo(Fixtures.T0.plusSeconds(1));
        List<Participation> newest = store.read(tx -> tx.tasks().participations(session, 1));
        assertThat(newest).hasSize(1);
    }
}
