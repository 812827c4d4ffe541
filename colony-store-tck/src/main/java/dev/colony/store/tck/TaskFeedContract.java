package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.task.TaskStatus;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.spi.storage.TaskRecords.StoredTask;
import dev.colony.spi.storage.TrackedTaskRecords.FeedQuery;
import dev.colony.spi.storage.TrackedTaskRecords.FeedRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.TrackedTaskRecords}: a tracked task is a task row with its status and no
 * repository; the feed lists tracked tasks and task threads of the namespaces given, latest change first,
 * with each checklist memory's content and topics, filtered by time, status and whole topic, leaving out
 * tasks whose checklist is retracted or expired.
 */
public interface TaskFeedContract extends StoreUnderTest {

    @Test
    default void trackedTasksAndThreadsShareOneFeedNewestChangeFirst() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Tracked deploy = tracked(store, writer, "Deploy billing\n- [x] migrate\n- [ ] switch", TaskStatus.ACTIVE,
                List.of("billing", "deploy_v2"), Fixtures.T0.plusSeconds(1), null);
        StoredTask thread = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "main", "/repo", "main",
                writer.session().id(), Fixtures.T0.plusSeconds(2)));
        Tracked review = tracked(store, writer, "Review the audit log", TaskStatus.BLOCKED, List.of("audit"),
                Fixtures.T0.plusSeconds(3), null);
        Fixtures.Writer other = Fixtures.writer(store);
        tracked(store, other, "Someone else's task", TaskStatus.PENDING, List.of("billing"),
                Fixtures.T0.plusSeconds(4), null);

        List<FeedRow> all = feed(store, writer, null, null, null, 10);

        assertThat(all).extracting(row -> row.task().id()).containsExactly(review.task(), thread.id(), deploy.task());
        assertThat(all.get(0).task().status()).isEqualTo(TaskStatus.BLOCKED);
        assertThat(all.get(0).task().repoRoot()).isNull();
        assertThat(all.get(0).checklist()).isEqualTo(review.memory());
        assertThat(all.get(0).content()).isEqualTo("Review the audit log");
        assertThat(all.get(0).topics()).containsExactly("audit");
        assertThat(all.get(1).checklist()).as("a thread has no checklist").isNull();
        assertThat(all.get(1).topics()).isEmpty();
        assertThat(all.get(2).topics()).containsExactly("billing", "deploy_v2");
        assertThat(feed(store, writer, Fixtures.T0.plusSeconds(2), null, null, 10))
                .extracting(row -> row.task().id()).containsExactly(review.task());
        assertThat(feed(store, writer, null, TaskStatus.ACTIVE, null, 10))
                .extracting(row -> row.task().id()).containsExactly(deploy.task());
        assertThat(feed(store, writer, null, null, "deploy_v2", 10))
                .extracting(row -> row.task().id()).containsExactly(deploy.task());
        assertThat(feed(store, writer, null, null, "deploy", 10)).as("whole topics only").isEmpty();
        assertThat(feed(store, writer, null, null, "deploy%v2", 10)).as("no wildcards").isEmpty();
        assertThat(feed(store, writer, null, null, null, 1)).extracting(row -> row.task().id())
                .containsExactly(review.task());
    }

    @Test
    default void aTaskWhoseChecklistIsRetractedOrExpiredLeavesTheFeed() {
        StorageProvider store = store();
        Fixtures.Writer writer = Fixtures.writer(store);
        Tracked kept = tracked(store, writer, "Kept task", TaskStatus.PENDING, List.of(), Fixtures.T0, null);
        Tracked retracted = tracked(store, writer, "Retracted task", TaskStatus.PENDING, List.of(), Fixtures.T0,
                null);
        Tracked expiring = tracked(store, writer, "Expiring task", TaskStatus.PENDING, List.of(), Fixtures.T0,
                Fixtures.T0.plusSeconds(60));
        store.write(tx -> {
            Memory memory = tx.memories().find(retracted.memory()).orElseThrow();
            return tx.memories().update(new Memory(memory.id(), memory.namespace(), memory.session(), memory.kind(),
                    memory.content(), memory.topics(), memory.macroTopics(), memory.ref(), memory.artifact(),
                    memory.task(), memory.replyTo(), memory.createdAt(), Fixtures.T0, memory.expiresAt(), true,
                    memory.metadata(), memory.version()), null);
        });

        List<FeedRow> before = store.read(tx -> tx.trackedTasks().feed(new FeedQuery(Set.of(writer.namespace().id()),
                null, null, null, Fixtures.T0.plusSeconds(59), 10)));
        List<FeedRow> after = store.read(tx -> tx.trackedTasks().feed(new FeedQuery(Set.of(writer.namespace().id()),
                null, null, null, Fixtures.T0.plusSeconds(60), 10)));

        assertThat(before).extracting(row -> row.task().id()).containsExactlyInAnyOrder(kept.task(), expiring.task());
        assertThat(after).extracting(row -> row.task().id()).containsExactly(kept.task());
        Optional<StoredTask> stillThere = store.read(tx -> tx.tasks().find(retracted.task()));
        assertThat(stillThere).as("the task row stays for its thread").isPresent();
    }

    @Test
    default void aFeedOverManyNamespacesMergesThemNewestFirst() {
        StorageProvider store = store();
        List<Fixtures.Writer> writers = new ArrayList<>();
        List<TaskId> tasks = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            Fixtures.Writer writer = Fixtures.writer(store);
            writers.add(writer);
            tasks.add(0, tracked(store, writer, "Task " + i, TaskStatus.PENDING, List.of(),
                    Fixtures.T0.plusSeconds(i), null).task());
        }
        Set<NamespaceId> namespaces = new HashSet<>();
        writers.forEach(writer -> namespaces.add(writer.namespace().id()));

        List<FeedRow> all = store.read(tx -> tx.trackedTasks().feed(new FeedQuery(namespaces, null, null, null,
                Fixtures.T0, 100)));
        List<FeedRow> newest = store.read(tx -> tx.trackedTasks().feed(new FeedQuery(namespaces, null, null, null,
                Fixtures.T0, 5)));

        assertThat(all).extracting(row -> row.task().id()).containsExactlyElementsOf(tasks);
        assertThat(newest).extracting(row -> row.task().id()).containsExactlyElementsOf(tasks.subList(0, 5));
    }

    private static List<FeedRow> feed(StorageProvider store, Fixtures.Writer writer, Instant since,
            TaskStatus status, String topic, int limit) {
        return store.read(tx -> tx.trackedTasks().feed(new FeedQuery(Set.of(writer.namespace().id()), since, status,
                topic, Fixtures.T0, limit)));
    }

    /** A tracked task of {@code writer} with its checklist memory, written at {@code at}. */
    private static Tracked tracked(StorageProvider store, Fixtures.Writer writer, String content, TaskStatus status,
            List<String> topics, Instant at, Instant expiresAt) {
        return store.write(tx -> {
            StoredTask task = tx.trackedTasks().insert(writer.namespace().id(), content.lines().findFirst()
                    .orElseThrow(), status, writer.session().id(), at);
            Memory memory = tx.memories().insert(new NewMemory(writer.namespace().id(), writer.session().id(),
                    MemoryKind.TASK, content, topics, List.of(), null, null, task.id(), null, at, expiresAt, Map.of(),
                    null));
            tx.trackedTasks().attachChecklist(task.id(), memory.id());
            return new Tracked(task.id(), memory.id());
        });
    }

    /** A tracked task and its checklist memory. */
    record Tracked(TaskId task, MemoryId memory) {
    }
}
