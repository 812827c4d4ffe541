package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.Namespace;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.signal.SignalStatus;
import dev.colony.spi.storage.SignalRecords.Inbox;
import dev.colony.spi.storage.SignalRecords.NewSignal;
import dev.colony.spi.storage.SignalRecords.StoredSignal;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.SignalRecords}: a signal is stored pending at version 1 with its ids in
 * order; an inbox lists the recipient's unexpired pending signals of the namespaces given, for its agent or
 * for any agent, in either order and after an id; an acknowledgement is a compare-and-set; a sweep deletes
 * what expired; the latest id and the earliest expiry answer cheap questions.
 */
public interface SignalContract extends StoreUnderTest {

    Duration DAY = Duration.ofDays(1);

    @Test
    default void aSignalIsStoredPendingWithItsIdsInOrder() {
        StorageProvider store = store();
        Fixtures.Writer sender = Fixtures.writer(store);
        UserId recipient = Fixtures.newUser();
        Namespace collection = collectionOf(store, sender.user(), recipient);
        List<MemoryId> ids = List.of(MemoryId.of(30), MemoryId.of(4), MemoryId.of(17));

        StoredSignal sent = store.write(tx -> tx.signals().insert(signal(sender, collection, recipient, "codex",
                ids, Fixtures.T0)));
        Optional<StoredSignal> found = store.read(tx -> tx.signals().find(sent.id()));

        assertThat(found).contains(sent);
        assertThat(sent.id().value()).isPositive();
        assertThat(sent.collection()).isEqualTo(collection.slug());
        assertThat(sent.namespace()).isEqualTo(collection.id());
        assertThat(sent.memories()).containsExactlyElementsOf(ids);
        assertThat(sent.fromUser()).isEqualTo(sender.user());
        assertThat(sent.fromSession()).isEqualTo(sender.session().id());
        assertThat(sent.toUser()).isEqualTo(recipient);
        assertThat(sent.toAgent()).isEqualTo("codex");
        assertThat(sent.status()).isEqualTo(SignalStatus.PENDING);
        assertThat(sent.version()).isEqualTo(1);
        assertThat(sent.sentAt()).isEqualTo(Fixtures.T0);
        assertThat(sent.expiresAt()).isEqualTo(Fixtures.T0.plus(DAY));
        assertThat(sent.ackedAt()).isNull();
        long latest = store.read(tx -> tx.signals().latestId());
        assertThat(latest).isGreaterThanOrEqualTo(sent.id().value());
    }

    @Test
    default void anInboxHoldsTheRecipientsUnexpiredPendingSignalsOfTheNamespacesGiven() {
        StorageProvider store = store();
        Fixtures.Writer sender = Fixtures.writer(store);
        UserId recipient = Fixtures.newUser();
        Namespace collection = collectionOf(store, sender.user(), recipient);
        Namespace other = collectionOf(store, sender.user(), recipient);
        List<MemoryId> one = List.of(MemoryId.of(1));
        StoredSignal anyAgent = send(store, signal(sender, collection, recipient, null, one, Fixtures.T0));
        StoredSignal forCodex = send(store, signal(sender, collection, recipient, "codex", one, Fixtures.T0));
        StoredSignal forClaude = send(store, signal(sender, collection, recipient, "claude-code", one, Fixtures.T0));
        StoredSignal elsewhere = send(store, signal(sender, other, recipient, null, one, Fixtures.T0));
        StoredSignal expiring = send(store, new NewSignal(collection.id(), sender.user(), "claude-code",
                sender.session().id(), recipient, null, one, Fixtures.T0, Fixtures.T0.plusSeconds(60)));
        send(store, signal(sender, collection, Fixtures.newUser(), null, one, Fixtures.T0));
        Instant now = Fixtures.T0.plusSeconds(60);
        Inbox codex = new Inbox(Set.of(collection.id()), recipient, "codex", now, 0, false, 10);

        List<StoredSignal> newestFirst = store.read(tx -> tx.signals().pending(codex));
        List<StoredSignal> oldestFirst = store.read(tx -> tx.signals().pending(
                new Inbox(Set.of(collection.id(), other.id()), recipient, "codex", now, 0, true, 10)));
        List<StoredSignal> after = store.read(tx -> tx.signals().pending(
                new Inbox(Set.of(collection.id()), recipient, "codex", now, anyAgent.id().value(), true, 10)));
        List<StoredSignal> limited = store.read(tx -> tx.signals().pending(
                new Inbox(Set.of(collection.id()), recipient, "codex", now, 0, false, 1)));
        int count = store.read(tx -> tx.signals().countPending(codex));
        List<StoredSignal> none = store.read(tx -> tx.signals().pending(
                new Inbox(Set.of(), recipient, "codex", now, 0, false, 10)));

        assertThat(newestFirst).containsExactly(forCodex, anyAgent);
        assertThat(oldestFirst).containsExactly(anyAgent, forCodex, elsewhere);
        assertThat(after).containsExactly(forCodex);
        assertThat(limited).containsExactly(forCodex);
        assertThat(count).isEqualTo(2);
        assertThat(none).isEmpty();
        assertThat(List.of(forClaude, expiring)).doesNotContainAnyElementsOf(oldestFirst);
    }

    @Test
    default void anAcknowledgementIsACompareAndSetThatLeavesTheInbox() {
        StorageProvider store = store();
        Fixtures.Writer sender = Fixtures.writer(store);
        UserId recipient = Fixtures.newUser();
        Namespace collection = collectionOf(store, sender.user(), recipient);
        StoredSignal sent = send(store, signal(sender, collection, recipient, null, List.of(MemoryId.of(2)),
                Fixtures.T0));
        Instant at = Fixtures.T0.plusSeconds(5);

        Optional<StoredSignal> stale = store.write(tx -> tx.signals().acknowledge(sent.id(), 2, sender.session().id(),
                at));
        Optional<StoredSignal> acked = store.write(tx -> tx.signals().acknowledge(sent.id(), 1,
                sender.session().id(), at));
        Optional<StoredSignal> again = store.write(tx -> tx.signals().acknowledge(sent.id(), 2,
                sender.session().id(), at));
        List<StoredSignal> inbox = store.read(tx -> tx.signals().pending(
                new Inbox(Set.of(collection.id()), recipient, "codex", at, 0, false, 10)));

        assertThat(stale).as("a stale version changes nothing").isEmpty();
        assertThat(acked).hasValueSatisfying(signal -> {
            assertThat(signal.status()).isEqualTo(SignalStatus.ACKED);
            assertThat(signal.version()).isEqualTo(2);
            assertThat(signal.ackedAt()).isEqualTo(at);
            assertThat(signal.ackedBySession()).isEqualTo(sender.session().id());
        });
        assertThat(again).as("an acknowledged signal is no longer pending").isEmpty();
        assertThat(inbox).isEmpty();
    }

    @Test
    default void aSweepDeletesWhatExpiredAndTheEarliestExpirySaysWhenOneIsDue() {
        StorageProvider store = store();
        Fixtures.Writer sender = Fixtures.writer(store);
        UserId recipient = Fixtures.newUser();
        Namespace collection = collectionOf(store, sender.user(), recipient);
        Instant far = Instant.parse("2090-01-01T00:00:00Z");
        store.write(tx -> tx.signals().sweep(far.minusSeconds(3600)));
        StoredSignal early = send(store, new NewSignal(collection.id(), sender.user(), "claude-code",
                sender.session().id(), recipient, null, List.of(MemoryId.of(3)), Fixtures.T0, far.minusSeconds(1)));
        StoredSignal late = send(store, new NewSignal(collection.id(), sender.user(), "claude-code",
                sender.session().id(), recipient, null, List.of(MemoryId.of(3)), Fixtures.T0, far.plusSeconds(60)));

        Optional<Instant> earliest = store.read(tx -> tx.signals().earliestExpiry());
        int swept = store.write(tx -> tx.signals().sweep(far));

        assertThat(earliest).contains(far.minusSeconds(1));
        assertThat(swept).isEqualTo(1);
        Optional<StoredSignal> earlyAfter = store.read(tx -> tx.signals().find(early.id()));
        Optional<StoredSignal> lateAfter = store.read(tx -> tx.signals().find(late.id()));
        Optional<Instant> earliestAfter = store.read(tx -> tx.signals().earliestExpiry());
        assertThat(earlyAfter).isEmpty();
        assertThat(lateAfter).isPresent();
        assertThat(earliestAfter).contains(far.plusSeconds(60));
    }

    @Test
    default void membersRunningAnAgentAreThoseWithASessionOfIt() {
        StorageProvider store = store();
        Fixtures.Writer member = Fixtures.writer(store);
        Fixtures.Writer outsider = Fixtures.writer(store);
        UserId silent = Fixtures.newUser();
        Namespace collection = collectionOf(store, member.user(), silent);

        List<UserId> running = store.read(tx -> tx.membershipRecords().membersRunning(collection.id(),
                "claude-code"));
        List<UserId> nobody = store.read(tx -> tx.membershipRecords().membersRunning(collection.id(), "codex"));

        assertThat(running).containsExactly(member.user()).doesNotContain(outsider.user());
        assertThat(nobody).isEmpty();
    }

    private static StoredSignal send(StorageProvider store, NewSignal signal) {
        return store.write(tx -> tx.signals().insert(signal));
    }

    private static NewSignal signal(Fixtures.Writer sender, Namespace collection, UserId to, String agent,
            List<MemoryId> ids, Instant at) {
        return new NewSignal(collection.id(), sender.user(), "claude-code", sender.session().id(), to, agent, ids,
                at, at.plus(DAY));
    }

    /** A new collection whose admin is {@code admin}, with {@code member} as a member. */
    private static Namespace collectionOf(StorageProvider store, UserId admin, UserId member) {
        return store.write(tx -> {
            Namespace collection = tx.namespaces().createCollection(Fixtures.unique("sig"),
                    NamespaceKind.COLLABORATIVE, admin, Fixtures.T0).orElseThrow();
            tx.membershipRecords().putMember(collection.id(), member, MemberRole.MEMBER, Fixtures.T0);
            return collection;
        });
    }
}
