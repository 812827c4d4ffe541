package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.TaskChecklist;
import dev.colony.api.task.FeedTask;
import dev.colony.api.task.TaskFeedQuery;
import dev.colony.api.task.TaskStatus;
import dev.colony.api.task.TaskThread;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The task feed on every store: one task model (a task written as a memory is a task thread too, and a
 * thread shows in the feed), one timeline across the personal namespace and the caller's collections,
 * newest change first, narrowed by time, status, topic and collection, and the access gate: a non-member
 * sees nothing of a collection's tasks, a removed member loses them at once, an expired task leaves.
 */
class TaskFeedTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);


    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).clock(clock).build();
    }


    private static List<String> previews(CallerScope caller, TaskFeedQuery query) {
        return caller.taskFeed().feed(query).stream().map(FeedTask::preview).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void personalAndCollectionTasksShareOneTimelineNewestChangeFirst(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
            Memory deploy = alice.memories().add(MemoryDraft.task(new TaskChecklist("Deploy billing v2", List.of(
                    new TaskChecklist.Step("migrate", true), new TaskChecklist.Step("switch", false)),
                    TaskStatus.ACTIVE)).withTopics(List.of("billing")).withCollection("ops"));
            clock.advance(Duration.ofMinutes(1));
            Memory note = bob.memories().add(MemoryDraft.of(MemoryKind.TASK, "Rotate the staging keys\nby Friday"));
            clock.advance(Duration.ofMinutes(1));
            TaskThread thread = bob.tasks().open("/repo/billing", "main").thread();
            clock.advance(Duration.ofMinutes(1));
            alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Alice's private errand"));
            bob.memories().add(MemoryDraft.of(MemoryKind.FACT, "Not a task at all"));

            List<FeedTask> feed = bob.taskFeed().feed(TaskFeedQuery.all());

            assertThat(feed).extracting(FeedTask::preview).containsExactly("main", "Rotate the staging keys",
                    "Deploy billing v2");
            FeedTask shared = feed.get(2);
            assertThat(shared.memory()).isEqualTo(deploy.id());
            assertThat(shared.task()).isEqualTo(deploy.task()).isNotNull();
            assertThat(shared.progress()).isEqualTo(new FeedTask.Progress(1, 2));
            assertThat(shared.status()).isEqualTo(TaskStatus.ACTIVE);
            assertThat(shared.topics()).containsExactly("billing");
            assertThat(shared.collection()).isEqualTo("ops");
            FeedTask personal = feed.get(1);
            assertThat(personal.progress()).as("free text has no checklist").isNull();
            assertThat(personal.collection()).isNull();
            assertThat(personal.task()).isEqualTo(note.task());
            assertThat(feed.get(0).task()).isEqualTo(thread.id());
            assertThat(bob.tasks().get(deploy.task()).title()).as("one task model").isEqualTo("Deploy billing v2");

            assertThat(previews(bob, TaskFeedQuery.all().in("personal"))).containsExactly("main",
                    "Rotate the staging keys");
            assertThat(previews(bob, TaskFeedQuery.all().in("ops"))).containsExactly("Deploy billing v2");
            assertThat(previews(bob, TaskFeedQuery.all().withStatus(TaskStatus.ACTIVE)))
                    .containsExactly("Deploy billing v2");
            assertThat(previews(bob, TaskFeedQuery.all().withTopic("billing"))).containsExactly("Deploy billing v2");
            assertThat(previews(bob, TaskFeedQuery.all().since(ColonyTestSupport.START.plusSeconds(90))))
                    .containsExactly("main");
            assertThat(previews(bob, TaskFeedQuery.all().withLimit(1))).containsExactly("main");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void outsidersSeeNoCollectionTaskAndALeaverLosesThemAtOnce(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice");
            CallerScope bob = as(colony, "bob");
            CallerScope mallory = as(colony, "mallory");
            alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.READER);
            alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Shared task").withCollection("ops"));
            Memory mine = alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Published task"));
            alice.collections().publish(mine.id(), "ops");
            alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Expiring task").withCollection("ops")
                    .withExpiresAt(ColonyTestSupport.START.plus(Duration.ofHours(1))));

            assertThat(previews(bob, TaskFeedQuery.all())).containsExactlyInAnyOrder("Shared task", "Published task",
                    "Expiring task");
            assertThat(previews(mallory, TaskFeedQuery.all())).isEmpty();
            assertRefused(() -> mallory.taskFeed().feed(TaskFeedQuery.all().in("ops")), ErrorCode.NOT_FOUND,
                    "collection");

            clock.advance(Duration.ofHours(1));
            assertThat(previews(bob, TaskFeedQuery.all())).containsExactlyInAnyOrder("Shared task",
                    "Published task");
            alice.collections().removeMember("ops", UserId.of("bob"));
            assertThat(previews(bob, TaskFeedQuery.all())).as("at once").isEmpty();
            assertRefused(() -> bob.taskFeed().feed(TaskFeedQuery.all().in("ops")), ErrorCode.NOT_FOUND,
                    "collection");
            assertRefused(() -> bob.taskFeed().feed(TaskFeedQuery.all().withLimit(0)), ErrorCode.INVALID_ARGUMENT,
                    "limit");
            assertRefused(() -> bob.taskFeed().feed(TaskFeedQuery.all().withTopic("two words")),
                    ErrorCode.INVALID_ARGUMENT, "topic");
            assertRefused(() -> bob.taskFeed().feed(TaskFeedQuery.all().in("Not A Slug")),
                    ErrorCode.INVALID_ARGUMENT, "collection");
        }
    }

}
