package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.session.Sessions;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SessionRegistryTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void startGeneratesAnIdNamedAfterTheAgent() {
        Session session = colony.sessions().ensure(SessionStart.of("alice", "Claude Code"));

        assertThat(session.id().value()).startsWith("claude-code-");
        assertThat(session.user()).isEqualTo(UserId.of("alice"));
        assertThat(session.startedAt()).isEqualTo(ColonyTestSupport.START);
        assertThat(session.ended()).isFalse();
    }

    @Test
    void restartKeepsStartTimeAndFillsOnlyUnknownFields() {
        SessionId id = SessionId.of("codex-1");
        colony.sessions().ensure(SessionStart.of("alice", "codex").withId(id).withCwd("/repo"));
        clock.advance(Duration.ofMinutes(5));

        Session again = colony.sessions().ensure(
                SessionStart.of("alice", "codex").withId(id).withCwd("/elsewhere").withIde("codex"));

        assertThat(again.startedAt()).isEqualTo(ColonyTestSupport.START);
        assertThat(again.cwd()).isEqualTo("/repo");
        assertThat(again.ide()).isEqualTo("codex");
        assertThat(again.lastSeen()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(5)));
    }

    @Test
    void anotherUsersSessionIdIsRefused() {
        SessionId id = SessionId.of("shared-id");
        colony.sessions().ensure(SessionStart.of("alice", "codex").withId(id));

        assertThatThrownBy(() -> colony.sessions().ensure(SessionStart.of("bob", "codex").withId(id)))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.FORBIDDEN));
    }

    @Test
    void heartbeatAndEndMoveTheSessionAndMissingOnesAreReported() {
        Session session = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        clock.advance(Duration.ofSeconds(30));

        Sessions sessions = colony.as(session.actor()).sessions();
        assertThat(sessions.heartbeat(session.id()).lastSeen())
                .isEqualTo(ColonyTestSupport.START.plusSeconds(30));
        clock.advance(Duration.ofSeconds(30));
        Session ended = sessions.end(session.id());
        assertThat(ended.endedAt()).isEqualTo(ColonyTestSupport.START.plusSeconds(60));
        clock.advance(Duration.ofSeconds(30));
        assertThat(sessions.end(session.id()).endedAt()).isEqualTo(ended.endedAt());

        assertThatThrownBy(() -> sessions.heartbeat(SessionId.of("nope")))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
    }

    @Test
    void listIsNewestFirstAndPerUser() {
        Session first = colony.sessions().ensure(SessionStart.of("alice", "codex"));
        clock.advance(Duration.ofSeconds(1));
        Session second = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
        colony.sessions().ensure(SessionStart.of("bob", "codex"));

        Sessions alice = colony.as(first.actor()).sessions();
        assertThat(alice.list(10)).extracting(Session::id).containsExactly(second.id(), first.id());
        assertThat(alice.list(1)).hasSize(1);
    }

    @Test
    void badInputNamesTheField() {
        assertThatThrownBy(() -> colony.sessions().ensure(SessionStart.of("alice", " ")))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("agent"));
        Actor alice = colony.sessions().ensure(SessionStart.of("alice", "codex")).actor();
        assertThatThrownBy(() -> colony.as(alice).sessions().list(0))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> colony.sessions().ensure(SessionStart.of("alice", "codex").withCwd("")))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("cwd"));
    }
}
