package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@link dev.colony.spi.storage.TaskRecords}: insert, find, the repo root + branch key. */
public interface TaskContract extends StoreUnderTest {

    @Test
    default void taskInsertStartsPendingAtVersionOneAndRoundTrips() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Instant now = Fixtures.T0.plusSeconds(42);

        StoredTask task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "Ship the store", "/work/app",
                "feature/store", writer.session().id(), now));

        assertThat(task.id().value()).isPositive();
        assertThat(task.namespace()).isEqualTo(writer.namespace().id());
        assertThat(task.title()).isEqualTo("Ship the store");
        assertThat(task.repoRoot()).isEqualTo("/work/app");
        assertThat(task.branch()).isEqualTo("feature/store");
        assertThat(task.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(task.createdBy()).isEqualTo(writer.session().id());
        assertThat(task.createdAt()).isEqualTo(now);
        assertThat(task.updatedAt()).isEqualTo(now);
        assertThat(task.version()).isEqualTo(1);
        var found = store.read(tx -> tx.tasks().find(task.id()));
        assertThat(found).contains(task);
    }

    @Test
    default void taskWithTheSameRepoRootAndBranchInANamespaceIsADuplicate() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        StoredTask first = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "one", "/work/app", "main", null,
                Fixtures.T0));

        ColonyException error = catchThrowableOfType(ColonyException.class, () -> store.write(
                tx -> tx.tasks().insert(writer.namespace().id(), "two", "/work/app", "main", null, Fixtures.T0)));

        assertThat(error).isNotNull();
        assertThat(error.code()).isEqualTo(ErrorCode.DUPLICATE);
        var found = store.read(tx -> tx.tasks().find(first.id()));
        assertThat(found).contains(first);
    }

    @Test
    default void taskKeyIsPerNamespaceAndPerBranch() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Fixtures.Writer other = Fixtures.writer(store);

        StoredTask main = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "a", "/work/app", "main", null, Fixtures.T0));
        StoredTask branch = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "b", "/work/app", "dev", null, Fixtures.T0));
        StoredTask elsewhere = store.write(tx -> tx.tasks().insert(other.namespace().id(), "c", "/work/app", "main", null,
                Fixtures.T0));

        assertThat(main.id()).isNotEqualTo(branch.id()).isNotEqualTo(elsewhere.id());
    }

    @Test
    default void tasksWithoutRepoRootOrBranchAreNeverDuplicates() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);

        StoredTask first = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "free", null, null, null, Fixtures.T0));
        StoredTask second = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "free", null, null, null, Fixtures.T0));
        StoredTask third = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "repo only", "/work/app", null, null,
                Fixtures.T0));
        StoredTask fourth = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "repo only", "/work/app", null, null,
                Fixtures.T0));

        assertThat(first.id()).isNotEqualTo(second.id());
        assertThat(third.id()).isNotEqualTo(fourth.id());
        var repoRoot = store.read(tx -> tx.tasks().find(second.id())).orElseThrow().repoRoot();
        assertThat(repoRoot).isNull();
    }

    @Test
    default void taskFindOfUnknownIdIsEmpty() {
        var found = store().read(tx -> tx.tasks().find(TaskId.of(Long.MAX_VALUE)));
        assertThat(found).isEmpty();
    }
}
