package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.task.OpenedThread;
import dev.colony.api.task.Participant;
import dev.colony.api.task.TaskListQuery;
import dev.colony.api.task.TaskThread;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Task threads through {@code colony.as(actor).tasks()}: open, join, list, participants, access. */
class TaskThreadsTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session aliceSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope alice = colony.as(aliceSession.actor());
    private final Session bobSession = colony.sessions().ensure(SessionStart.of("bob", "codex"));
    private final CallerScope bob = colony.as(bobSession.actor());

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void openCreatesTheThreadOnceAndTheSameDirectoryWrittenTwoWaysIsTheSameThread() {
        OpenedThread first = alice.tasks().open("/work/app", "feature/login");
        clock.advance(Duration.ofMinutes(1));
        OpenedThread again = alice.tasks().open("/work/./app/../app/", "feature/login");

        assertThat(first.created()).isTrue();
        assertThat(first.joined()).isTrue();
        TaskThread thread = first.thread();
        assertThat(thread.repoRoot()).isEqualTo("/work/app");
        assertThat(thread.branch()).isEqualTo("feature/login");
        assertThat(thread.title()).isEqualTo("feature/login");
        assertThat(thread.createdBy()).isEqualTo(aliceSession.id());
        assertThat(thread.createdAt()).isEqualTo(ColonyTestSupport.START);
        assertThat(thread.version()).isEqualTo(1);
        assertThat(again.created()).isFalse();
        assertThat(again.joined()).isFalse();
        assertThat(again.thread()).isEqualTo(thread);
    }

    @Test
    void aSecondSessionJoiningRaisesTheVersionAndShowsUpAsParticipant() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        Session laptop = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        CallerScope second = colony.as(laptop.actor());
        clock.advance(Duration.ofSeconds(30));

        OpenedThread joined = second.tasks().open("/work/app", "main");

        assertThat(joined.created()).isFalse();
        assertThat(joined.joined()).isTrue();
        assertThat(joined.thread().id()).isEqualTo(thread.id());
        assertThat(joined.thread().version()).isEqualTo(2);
        assertThat(joined.thread().updatedAt()).isEqualTo(ColonyTestSupport.START.plusSeconds(30));
        assertThat(alice.tasks().participants(thread.id())).containsExactly(
                new Participant(thread.id(), aliceSession.id(), "claude-code", ColonyTestSupport.START),
                new Participant(thread.id(), laptop.id(), "codex", ColonyTestSupport.START.plusSeconds(30)));
        assertThat(alice.tasks().isParticipant(thread.id(), laptop.id())).isTrue();
        assertThat(second.tasks().join(thread.id())).isFalse();
        assertThat(alice.tasks().get(thread.id()).version()).isEqualTo(2);
    }

    @Test
    void joinByIdAddsTheSessionOnce() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        Session other = colony.sessions().ensure(SessionStart.of("alice", "cursor"));
        CallerScope cursor = colony.as(other.actor());

        assertThat(cursor.tasks().isParticipant(thread.id(), other.id())).isFalse();
        assertThat(cursor.tasks().join(thread.id())).isTrue();
        assertThat(cursor.tasks().join(thread.id())).isFalse();
        assertThat(cursor.tasks().isParticipant(thread.id(), other.id())).isTrue();
    }

    @Test
    void listShowsNewestActivityFirstWithNormalisedFilters() {
        TaskThread main = alice.tasks().open("/work/app", "main").thread();
        clock.advance(Duration.ofSeconds(1));
        TaskThread dev = alice.tasks().open("/work/app", "dev").thread();
        clock.advance(Duration.ofSeconds(1));
        TaskThread other = alice.tasks().open("/work/other", "main").thread();

        assertThat(alice.tasks().list(TaskListQuery.latest(10))).containsExactly(other, dev, main);
        assertThat(alice.tasks().list(new TaskListQuery("/work/x/../app", null, 10))).containsExactly(dev, main);
        assertThat(alice.tasks().list(new TaskListQuery(null, "main", 1))).containsExactly(other);
    }

    @Test
    void aNonMemberSeesNoThreadAndCannotJoinOne() {
        TaskThread secret = alice.tasks().open("/work/app", "main").thread();

        assertThat(bob.tasks().list(TaskListQuery.latest(200))).isEmpty();
        assertRefused(() -> bob.tasks().get(secret.id()), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().join(secret.id()), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().participants(secret.id()), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().isParticipant(secret.id(), aliceSession.id()), ErrorCode.NOT_FOUND,
                "task_id");
        // Bob opening the same key gets a thread of his own, not Alice's.
        TaskThread bobs = bob.tasks().open("/work/app", "main").thread();
        assertThat(bobs.id()).isNotEqualTo(secret.id());
        assertThat(alice.tasks().participants(secret.id())).extracting(Participant::session)
                .containsExactly(aliceSession.id());
        assertRefused(() -> alice.tasks().get(TaskId.of(999_999)), ErrorCode.NOT_FOUND, "task_id");
    }

    @Test
    void sessionsRacingToOpenOneKeyGetOneThreadAndAllJoinIt() throws Exception {
        int racers = 8;
        List<Session> sessions = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            sessions.add(colony.sessions().ensure(SessionStart.of("alice", "agent-" + i)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<OpenedThread>> opened = new ArrayList<>();
            for (Session session : sessions) {
                opened.add(pool.submit(() -> {
                    start.await();
                    return colony.as(session.actor()).tasks().open("/work/race", "main");
                }));
            }
            start.countDown();
            Set<TaskId> ids = new HashSet<>();
            int created = 0;
            for (Future<OpenedThread> future : opened) {
                OpenedThread result = future.get(30, TimeUnit.SECONDS);
                ids.add(result.thread().id());
                created += result.created() ? 1 : 0;
                assertThat(result.joined()).isTrue();
            }
            assertThat(ids).hasSize(1);
            assertThat(created).isEqualTo(1);
            TaskId id = ids.iterator().next();
            assertThat(alice.tasks().participants(id)).hasSize(racers);
            assertThat(alice.tasks().get(id).version()).isEqualTo(racers);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badKeysAreRefusedNamingTheField() {
        assertRefused(() -> alice.tasks().open("relative/path", "main"), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> alice.tasks().open("  ", "main"), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> alice.tasks().open(null, "main"), ErrorCode.INVALID_ARGUMENT, "repo_root");
        assertRefused(() -> alice.tasks().open("/work/app", " "), ErrorCode.INVALID_ARGUMENT, "branch");
        assertRefused(() -> alice.tasks().open("/work/app", "a\u0000b"), ErrorCode.INVALID_ARGUMENT, "branch");
        assertRefused(() -> alice.tasks().list(TaskListQuery.latest(0)), ErrorCode.INVALID_ARGUMENT, "limit");
        assertThat(alice.tasks().list(TaskListQuery.latest(10))).isEmpty();
    }

    @Test
    void openNeedsTheCallersOwnSession() {
        CallerScope impostor = colony.as(new dev.colony.api.Actor(bobSession.user(), "codex", aliceSession.id()));

        assertRefused(() -> impostor.tasks().open("/work/app", "main"), ErrorCode.SESSION_NOT_FOUND, "session_id");
    }

    private static void assertRefused(ThrowingCallable call, ErrorCode code, String field) {
        Consumer<ColonyException> check = e -> {
            assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
            assertThat(e.field()).as(e.getMessage()).isEqualTo(field);
        };
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, check);
    }
}
