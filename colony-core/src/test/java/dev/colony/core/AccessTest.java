package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.UserId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The access gate, proven from outside: a caller who is not a member of a namespace sees nothing of
 * it through any service, and a reference to something it may not see reads exactly like a reference
 * to something missing.
 */
class AccessTest {

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
    void aNonMemberSeesNothingThroughAnyService() {
        Memory secret = alice.memories().add(MemoryDraft.of(MemoryKind.DECISION,
                "Rotate the quasar signing key every ninety days"));

        assertThat(bob.memories().search(SearchQuery.of("quasar signing key"))).isEmpty();
        assertThat(bob.memories().search(SearchQuery.of("quasar").withKinds(Set.of(MemoryKind.DECISION)))).isEmpty();
        assertRefused(() -> bob.memories().get(List.of(secret.id())), ErrorCode.NOT_FOUND, "ids");
        assertRefused(() -> bob.memories().timeline(aliceSession.id(), null, 10), ErrorCode.SESSION_NOT_FOUND,
                "session_id");
        assertRefused(() -> bob.memories().recallSession(aliceSession.id(), null, 10),
                ErrorCode.SESSION_NOT_FOUND, "target_session_id");
        assertRefused(() -> bob.memories().add(MemoryDraft.of(MemoryKind.of("answer"), "noted").withReplyTo(secret.id())),
                ErrorCode.NOT_FOUND, "reply_to");
        assertThat(bob.sessions().find(aliceSession.id())).isEmpty();
        assertThat(bob.sessions().list(200)).extracting(Session::id).containsExactly(bobSession.id());
        assertRefused(() -> bob.sessions().heartbeat(aliceSession.id()), ErrorCode.SESSION_NOT_FOUND, "session_id");
        assertRefused(() -> bob.sessions().end(aliceSession.id()), ErrorCode.SESSION_NOT_FOUND, "session_id");
        assertThat(colony.as(aliceSession.actor()).sessions().find(aliceSession.id())).isPresent()
                .get().satisfies(session -> assertThat(session.endedAt()).isNull());

        // Alice still sees her own.
        assertThat(alice.memories().search(SearchQuery.of("quasar signing key"))).extracting(hit -> hit.id())
                .containsExactly(secret.id());
    }

    @Test
    void aCallerCannotWriteAsAnotherUsersSession() {
        CallerScope impostor = colony.as(new Actor(UserId.of("bob"), "codex", aliceSession.id()));

        assertRefused(() -> impostor.memories().add(MemoryDraft.of(MemoryKind.FACT, "not mine")),
                ErrorCode.SESSION_NOT_FOUND, "session_id");
    }

    @Test
    void readsNeverCreateANamespace() {
        Session carol = colony.sessions().ensure(SessionStart.of("carol", "codex"));
        CallerScope dave = colony.as(new Actor(UserId.of("dave"), "codex", carol.id()));

        assertThat(dave.memories().search(SearchQuery.of("anything at all"))).isEmpty();
        assertRefused(() -> dave.memories().get(List.of(MemoryId.of(1))), ErrorCode.NOT_FOUND, "ids");
        assertThat(dave.sessions().list(10)).isEmpty();

        boolean created = colony.storage().read(tx -> tx.namespaces().findPersonal(UserId.of("dave"))).isPresent();
        assertThat(created).as("dave's personal namespace exists").isFalse();
    }

    @Test
    void missingReferencesNameTheirField() {
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.NOTE, "on a task").withTask(TaskId.of(999))),
                ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.of("answer"), "to what").withReplyTo(MemoryId.of(999))),
                ErrorCode.NOT_FOUND, "reply_to");
        assertRefused(() -> alice.memories().get(List.of(MemoryId.of(998), MemoryId.of(999))), ErrorCode.NOT_FOUND,
                "ids");
        assertRefused(() -> alice.memories().timeline(aliceSession.id(), MemoryId.of(999), 5), ErrorCode.NOT_FOUND,
                "around_id");
    }

    @Test
    void textMustBeWellFormedAndVisible() {
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "broken \ud800 text")),
                ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "\u200b\ufeff \u2060")),
                ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "ok").withTopics(List.of("\u200b"))),
                ErrorCode.INVALID_ARGUMENT, "topics[0]");
        assertRefused(() -> alice.memories().search(SearchQuery.of("\udc00")), ErrorCode.INVALID_ARGUMENT, "query");

        String emoji = "Deploys are \ud83d\ude80 on Fridays";
        assertThat(alice.memories().add(MemoryDraft.of(MemoryKind.FACT, emoji)).content()).isEqualTo(emoji);
    }

    private static void assertRefused(ThrowingCallable call, ErrorCode code, String field) {
        Consumer<ColonyException> check = e -> {
            assertThat(e.code()).as(e.getMessage()).isEqualTo(code);
            assertThat(e.field()).as(e.getMessage()).isEqualTo(field);
        };
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, check);
    }
}
