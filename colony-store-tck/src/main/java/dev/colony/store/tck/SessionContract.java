package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.SessionId;
import dev.colony.api.UserId;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.StorageProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link dev.colony.spi.storage.SessionRecords}: upsert, touch, end, listing. */
public interface SessionContract extends StoreUnderTest {

    private static Session full(UserId user, String id, Instant startedAt) {
        return new Session(SessionId.of(id), user, "codex", "vscode", "/work/app", "/work/app", "main",
                startedAt, null, startedAt.plusSeconds(5));
    }

    @Test
    default void sessionUpsertInsertsAndFindReturnsTheSameSession() {
        StorageProvider store = store();
        Session session = full(Fixtures.newUser(), Fixtures.unique("s"), Fixtures.T0);

        Session stored = store.write(tx -> tx.sessions().upsert(session));

        assertThat(stored).isEqualTo(session);
        var found = store.read(tx -> tx.sessions().find(session.id()));
        assertThat(found).contains(session);
    }

    @Test
    default void sessionUpsertStoresTimesAsItReturnsThem() {
        StorageProvider store = store();
        Instant precise = Instant.parse("2025-03-01T10:00:00.123456789Z");
        Session session = Fixtures.session(Fixtures.newUser(), Fixtures.unique("s"), precise);

        Session stored = store.write(tx -> tx.sessions().upsert(session));

        var found = store.read(tx -> tx.sessions().find(session.id()));
        assertThat(found).contains(stored);
        assertThat(stored.startedAt()).isBetween(precise.minusMillis(1), precise);
    }

    @Test
    default void sessionUpsertKeepsStartedAtUserAndAgentAndFillsOnlyUnknownFields() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();
        String id = Fixtures.unique("s");
        Session first = new Session(SessionId.of(id), user, "codex", null, "/work/one", null, null,
                Fixtures.T0, null, Fixtures.T0);
        store.write(tx -> tx.sessions().upsert(first));

        Instant later = Fixtures.T0.plusSeconds(60);
        Session second = new Session(SessionId.of(id), Fixtures.newUser(), "cursor", "idea", "/work/two",
                "/work/repo", "feature", later, null, later);
        Session merged = store.write(tx -> tx.sessions().upsert(second));

        Session expected = new Session(SessionId.of(id), user, "codex", "idea", "/work/one", "/work/repo", "feature",
                Fixtures.T0, null, later);
        assertThat(merged).isEqualTo(expected);
        var found = store.read(tx -> tx.sessions().find(SessionId.of(id)));
        assertThat(found).contains(expected);
    }

    @Test
    default void sessionUpsertNeverMovesLastSeenBackwards() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();
        String id = Fixtures.unique("s");
        Instant late = Fixtures.T0.plusSeconds(600);
        store.write(tx -> tx.sessions().upsert(
                new Session(SessionId.of(id), user, "codex", null, null, null, null, Fixtures.T0, null, late)));

        Session again = store.write(tx -> tx.sessions().upsert(Fixtures.session(user, id, Fixtures.T0.plusSeconds(1))));

        assertThat(again.lastSeen()).isEqualTo(late);
        assertThat(again.startedAt()).isEqualTo(Fixtures.T0);
    }

    @Test
    default void sessionFindOfUnknownIdIsEmpty() {
        var found = store().read(tx -> tx.sessions().find(SessionId.of(Fixtures.unique("missing"))));
        assertThat(found).isEmpty();
    }

    @Test
    default void sessionTouchMovesLastSeenForwardOnly() {
        StorageProvider store = store();
        Session session = store.write(tx -> tx.sessions().upsert(
                Fixtures.session(Fixtures.newUser(), Fixtures.unique("s"), Fixtures.T0)));
        Instant later = Fixtures.T0.plusSeconds(30);

        var touched = store.write(tx -> tx.sessions().touch(session.id(), later));
        assertThat(touched).isTrue();
        var touchedEarlier = store.write(tx -> tx.sessions().touch(session.id(), Fixtures.T0.plusSeconds(10)));
        assertThat(touchedEarlier).isTrue();

        Session found = store.read(tx -> tx.sessions().find(session.id())).orElseThrow();
        assertThat(found.lastSeen()).isEqualTo(later);
        assertThat(found.startedAt()).isEqualTo(Fixtures.T0);
        assertThat(found.endedAt()).isNull();
    }

    @Test
    default void sessionTouchOfUnknownSessionReturnsFalse() {
        var touched = store().write(tx -> tx.sessions().touch(SessionId.of(Fixtures.unique("missing")), Fixtures.T0));
        assertThat(touched)
                .isFalse();
    }

    @Test
    default void sessionEndSetsEndedAtOnce() {
        StorageProvider store = store();
        Session session = store.write(tx -> tx.sessions().upsert(
                Fixtures.session(Fixtures.newUser(), Fixtures.unique("s"), Fixtures.T0)));
        Instant end = Fixtures.T0.plusSeconds(100);

        var ended = store.write(tx -> tx.sessions().end(session.id(), end));
        assertThat(ended).isTrue();
        var endedAgain = store.write(tx -> tx.sessions().end(session.id(), end.plusSeconds(50)));
        assertThat(endedAgain).isTrue();

        Session found = store.read(tx -> tx.sessions().find(session.id())).orElseThrow();
        assertThat(found.endedAt()).isEqualTo(end);
        assertThat(found.ended()).isTrue();
        var endedMissing = store.write(tx -> tx.sessions().end(SessionId.of(Fixtures.unique("missing")), end));
        assertThat(endedMissing).isFalse();
    }

    @Test
    default void sessionUpsertOfAnEndedSessionKeepsItEnded() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();
        String id = Fixtures.unique("s");
        store.write(tx -> tx.sessions().upsert(Fixtures.session(user, id, Fixtures.T0)));
        Instant end = Fixtures.T0.plusSeconds(5);
        store.write(tx -> tx.sessions().end(SessionId.of(id), end));

        Session again = store.write(tx -> tx.sessions().upsert(Fixtures.session(user, id, Fixtures.T0.plusSeconds(9))));

        assertThat(again.endedAt()).isEqualTo(end);
    }

    @Test
    default void sessionsOfAUserAreListedNewestFirst() {
        StorageProvider store = store();
        UserId user = Fixtures.newUser();
        UserId other = Fixtures.newUser();
        String base = Fixtures.unique("s");
        List<Session> sessions = List.of(
                Fixtures.session(user, base + "-a", Fixtures.T0.plusSeconds(10)),
                Fixtures.session(user, base + "-b", Fixtures.T0.plusSeconds(30)),
                Fixtures.session(user, base + "-c", Fixtures.T0.plusSeconds(20)),
                Fixtures.session(user, base + "-d", Fixtures.T0.plusSeconds(20)),
                Fixtures.session(other, base + "-e", Fixtures.T0.plusSeconds(40)));
        store.write(tx -> {
            sessions.forEach(tx.sessions()::upsert);
            return null;
        });

        List<Session> listed = store.read(tx -> tx.sessions().listByUser(user, 10));
        assertThat(listed).extracting(s -> s.id().value())
                .containsExactly(base + "-b", base + "-d", base + "-c", base + "-a");
        var firstTwo = store.read(tx -> tx.sessions().listByUser(user, 2));
        assertThat(firstTwo).extracting(s -> s.id().value())
                .containsExactly(base + "-b", base + "-d");
        var ofStranger = store.read(tx -> tx.sessions().listByUser(Fixtures.newUser(), 5));
        assertThat(ofStranger).isEmpty();
    }
}
