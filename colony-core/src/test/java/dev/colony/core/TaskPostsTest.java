package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.LinkedThread;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.api.task.TaskLink;
import dev.colony.api.task.TaskThread;
import dev.colony.api.task.ThreadEntry;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Posts, the compact timeline, updates since a time, and links of task threads. */
class TaskPostsTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session aliceSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope alice = colony.as(aliceSession.actor());
    private final Session laptopSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final CallerScope laptop = colony.as(laptopSession.actor());
    private final Session bobSession = colony.sessions().ensure(SessionStart.of("bob", "codex"));
    private final CallerScope bob = colony.as(bobSession.actor());

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void everyKindPostsAsAMemoryOnTheThreadAndIsSearchable() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        for (PostKind kind : PostKind.values()) {
            Memory post = alice.tasks().post(thread.id(), PostDraft.of(kind, "zeppelin " + kind.wireName()));
            assertThat(post.kind()).isEqualTo(MemoryKind.of(kind.wireName()));
            assertThat(post.task()).isEqualTo(thread.id());
            assertThat(post.session()).isEqualTo(aliceSession.id());
        }

        assertThat(alice.tasks().timeline(thread.id(), 50)).hasSize(PostKind.values().length);
        assertThat(alice.memories().search(SearchQuery.of("zeppelin failed_approach").withTask(thread.id())))
                .extracting(hit -> hit.kind()).contains(MemoryKind.of("failed_approach"));
    }

    @Test
    void postingJoinsThePosterAndRaisesTheThreadVersion() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        clock.advance(Duration.ofMinutes(2));

        laptop.tasks().post(thread.id(), PostDraft.of(PostKind.QUESTION, "Which port does the API use?"));

        TaskThread after = alice.tasks().get(thread.id());
        assertThat(after.version()).isEqualTo(thread.version() + 1);
        assertThat(after.updatedAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(2)));
        assertThat(alice.tasks().isParticipant(thread.id(), laptopSession.id())).isTrue();
    }

    @Test
    void timelineIsCompactNewestFirstWithReplyTargets() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        Memory question = alice.tasks().post(thread.id(), PostDraft.of(PostKind.QUESTION, "Which port?"));
        clock.advance(Duration.ofSeconds(5));
        Memory answer = laptop.tasks().post(thread.id(),
                PostDraft.of(PostKind.ANSWER, "Port 8080").replyingTo(question.id()));

        List<ThreadEntry> timeline = alice.tasks().timeline(thread.id(), 50);

        assertThat(timeline).containsExactly(
                new ThreadEntry(answer.id(), MemoryKind.of("answer"), laptopSession.id(),
                        ColonyTestSupport.START.plusSeconds(5), question.id()),
                new ThreadEntry(question.id(), MemoryKind.of("question"), aliceSession.id(), ColonyTestSupport.START,
                        null));
        assertThat(alice.tasks().timeline(thread.id(), 1)).extracting(ThreadEntry::id).containsExactly(answer.id());
    }

    @Test
    void replyToMustBeAPostOfTheSameThread() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        TaskThread other = alice.tasks().open("/work/app", "dev").thread();
        Memory elsewhere = alice.tasks().post(other.id(), PostDraft.of(PostKind.NOTE, "on another thread"));

        assertRefused(() -> alice.tasks().post(thread.id(), PostDraft.of(PostKind.ANSWER, "yes")
                .replyingTo(elsewhere.id())), ErrorCode.NOT_FOUND, "reply_to");
        assertRefused(() -> alice.tasks().post(thread.id(), PostDraft.of(PostKind.ANSWER, "yes")
                .replyingTo(MemoryId.of(987_654))), ErrorCode.NOT_FOUND, "reply_to");
        assertRefused(() -> alice.tasks().post(TaskId.of(987_654), PostDraft.of(PostKind.NOTE, "x")),
                ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> alice.tasks().post(thread.id(), PostDraft.of(PostKind.NOTE, "  ")),
                ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> alice.tasks().post(thread.id(), PostDraft.of(null, "x")), ErrorCode.INVALID_ARGUMENT,
                "kind");
        assertThat(alice.tasks().timeline(thread.id(), 10)).isEmpty();
    }

    @Test
    void updatesSinceShowWhatOthersPostedAfterTheTimeOldestFirst() {
        TaskThread thread = alice.tasks().open("/work/app", "main").thread();
        laptop.tasks().post(thread.id(), PostDraft.of(PostKind.NOTE, "before"));
        Instant since = clock.instant();
        clock.advance(Duration.ofSeconds(1));
        Memory first = laptop.tasks().post(thread.id(), PostDraft.of(PostKind.DECISION, "use H2"));
        alice.tasks().post(thread.id(), PostDraft.of(PostKind.NOTE, "my own"));
        clock.advance(Duration.ofSeconds(1));
        Memory second = laptop.tasks().post(thread.id(), PostDraft.of(PostKind.BLOCKER, "tests red"));

        List<ThreadEntry> updates = alice.tasks().updatesSince(thread.id(), since, 50);

        assertThat(updates).extracting(ThreadEntry::id).containsExactly(first.id(), second.id());
        assertThat(laptop.tasks().updatesSince(thread.id(), since, 50)).extracting(ThreadEntry::session)
                .containsOnly(aliceSession.id());
        assertThat(alice.tasks().updatesSince(thread.id(), since, 1)).extracting(ThreadEntry::id)
                .containsExactly(first.id());
        assertRefused(() -> alice.tasks().updatesSince(thread.id(), null, 5), ErrorCode.INVALID_ARGUMENT,
                "since_ts");
    }

    @Test
    void linksAreBidirectionalIdempotentAndNeverToSelf() {
        TaskThread api = alice.tasks().open("/work/api", "main").thread();
        TaskThread web = alice.tasks().open("/work/web", "main").thread();
        clock.advance(Duration.ofMinutes(1));

        TaskLink link = alice.tasks().link(web.id(), api.id(), "web depends on the API contract");
        clock.advance(Duration.ofMinutes(1));
        TaskLink again = laptop.tasks().link(api.id(), web.id(), "another note");

        assertThat(link.lowId()).isEqualTo(api.id());
        assertThat(link.highId()).isEqualTo(web.id());
        assertThat(link.createdBy()).isEqualTo(aliceSession.id());
        assertThat(link.createdAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(1)));
        assertThat(again).isEqualTo(link);
        assertThat(alice.tasks().links(api.id())).extracting(LinkedThread::link, linked -> linked.other().id())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(link, web.id()));
        assertThat(alice.tasks().links(web.id())).extracting(linked -> linked.other().id()).containsExactly(api.id());
        assertThat(alice.tasks().get(api.id()).version()).isEqualTo(api.version() + 1);
        assertRefused(() -> alice.tasks().link(api.id(), api.id(), null), ErrorCode.TASK_LINK_SELF, "other_task_id");
        assertRefused(() -> alice.tasks().unlink(api.id(), api.id()), ErrorCode.TASK_LINK_SELF, "other_task_id");

        assertThat(alice.tasks().unlink(web.id(), api.id())).isTrue();
        assertThat(alice.tasks().unlink(api.id(), web.id())).isFalse();
        assertThat(alice.tasks().links(api.id())).isEmpty();
    }

    @Test
    void aNonMemberCanNeitherReadNorWriteAThread() {
        TaskThread secret = alice.tasks().open("/work/app", "main").thread();
        alice.tasks().post(secret.id(), PostDraft.of(PostKind.DECISION, "rotate the obsidian key"));
        TaskThread bobs = bob.tasks().open("/work/app", "main").thread();

        assertRefused(() -> bob.tasks().timeline(secret.id(), 10), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().updatesSince(secret.id(), Instant.EPOCH, 10), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().post(secret.id(), PostDraft.of(PostKind.NOTE, "hi")), ErrorCode.NOT_FOUND,
                "task_id");
        assertRefused(() -> bob.tasks().links(secret.id()), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> bob.tasks().link(bobs.id(), secret.id(), null), ErrorCode.NOT_FOUND, "other_task_id");
        assertRefused(() -> bob.tasks().unlink(secret.id(), bobs.id()), ErrorCode.NOT_FOUND, "task_id");
        assertThat(bob.memories().search(SearchQuery.of("obsidian key"))).isEmpty();
        assertThat(alice.tasks().timeline(secret.id(), 10)).hasSize(1);
    }

    private static void assertRefused(ThrowingCallable call, ErrorCode code, String field) {
        Consumer<ColonyException> check = e -> {
            assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
            assertThat(e.field()).as(e.getMessage()).isEqualTo(field);
        };
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, check);
    }
}
