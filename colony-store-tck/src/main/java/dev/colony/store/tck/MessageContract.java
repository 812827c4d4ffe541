package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.ReadReceipt;
import dev.colony.api.session.Session;
import dev.colony.spi.storage.MemoryDocument;
import dev.colony.spi.storage.MessageRecords.NewMessage;
import dev.colony.spi.storage.MessageRecords.Recipient;
import dev.colony.spi.storage.MessageRecords.StoredMessage;
import dev.colony.spi.storage.MessageRecords.Transition;
import dev.colony.spi.storage.NewMemory;
import dev.colony.spi.storage.StorageProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.MessageRecords}: delivery records round-trip, transitions compare and
 * set the version, a retraction flags the body and moves it on the change feed, recipient lists filter
 * and order in the store (only threads the recipient joined, unless a message names its session),
 * receipts are written once per session, and of two concurrent claimants exactly one wins.
 */
public interface MessageContract extends StoreUnderTest {

    @Test
    default void messageInsertStartsUnreadAtVersionOneAndRoundTrips() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        SessionId target = SessionId.of(Fixtures.unique("target"));
        Instant expires = Fixtures.T0.plus(Duration.ofMinutes(30));

        StoredMessage inserted = thread.send(store, "codex", "codex", target, MessageUrgency.BLOCKING, null, expires);

        assertThat(inserted.status()).isEqualTo(MessageStatus.UNREAD);
        assertThat(inserted.version()).isEqualTo(1);
        assertThat(inserted.changedAt()).isEqualTo(Fixtures.T0);
        Optional<StoredMessage> found = store.read(tx -> tx.messages().find(inserted.id()));
        assertThat(found).contains(inserted);
        StoredMessage stored = found.orElseThrow();
        assertThat(stored.task()).isEqualTo(thread.task());
        assertThat(stored.namespace()).isEqualTo(thread.namespace());
        assertThat(stored.fromSession()).isEqualTo(thread.writer().session().id());
        assertThat(stored.toSession()).isEqualTo(target);
        assertThat(stored.urgency()).isEqualTo(MessageUrgency.BLOCKING);
        assertThat(stored.expiresAt()).isEqualTo(expires);
        assertThat(stored.claimedBySession()).isNull();
        assertThat(stored.replyTo()).isNull();

        StoredMessage reply = thread.send(store, "any", "any", null, MessageUrgency.FYI, inserted.id(), null);
        assertThat(store.read(tx -> tx.messages().find(reply.id())).orElseThrow().replyTo()).isEqualTo(inserted.id());
        Optional<StoredMessage> missing = store.read(tx -> tx.messages().find(MemoryId.of(Long.MAX_VALUE)));
        assertThat(missing).isEmpty();
    }

    @Test
    default void messageTransitionComparesAndSetsTheVersion() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        StoredMessage message = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        SessionId claimer = SessionId.of(Fixtures.unique("claimer"));
        Instant at = Fixtures.T0.plusSeconds(9);

        Optional<StoredMessage> claimed = store.write(tx -> tx.messages().transition(message.id(), 1,
                new Transition(MessageStatus.READ, claimer, "codex", at, null, at)));
        Optional<StoredMessage> stale = store.write(tx -> tx.messages().transition(message.id(), 1,
                Transition.status(message, MessageStatus.REPLIED, at)));

        assertThat(claimed).isPresent();
        assertThat(claimed.get().version()).isEqualTo(2);
        assertThat(claimed.get().status()).isEqualTo(MessageStatus.READ);
        assertThat(claimed.get().claimedBySession()).isEqualTo(claimer);
        assertThat(claimed.get().claimedByAgent()).isEqualTo("codex");
        assertThat(claimed.get().claimedAt()).isEqualTo(at);
        assertThat(claimed.get().changedAt()).isEqualTo(at);
        assertThat(stale).as("a stale version changes nothing").isEmpty();
        Optional<StoredMessage> after = store.read(tx -> tx.messages().find(message.id()));
        assertThat(after).contains(claimed.get());
    }

    @Test
    default void messageRetractionFlagsTheBodyAndMovesItOnTheChangeFeed() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        StoredMessage message = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        long revBefore = store.read(tx -> tx.memoryFeed().latestRev());
        Instant at = Fixtures.T0.plusSeconds(60);

        StoredMessage retracted = store.write(tx -> tx.messages().transition(message.id(), 1,
                new Transition(MessageStatus.RETRACTED, null, null, null, "sent to the wrong agent", at))).orElseThrow();

        assertThat(retracted.status()).isEqualTo(MessageStatus.RETRACTED);
        assertThat(retracted.retractReason()).isEqualTo("sent to the wrong agent");
        Memory body = store.read(tx -> tx.memories().find(message.id())).orElseThrow();
        assertThat(body.retracted()).isTrue();
        assertThat(body.updatedAt()).isEqualTo(at);
        assertThat(body.content()).as("the body stays as written").startsWith("message body");
        List<MemoryDocument> changed = store.read(tx -> tx.memoryFeed().changedSince(revBefore, 10));
        assertThat(changed).extracting(document -> document.memory().id()).containsExactly(message.id());
        assertThat(changed.get(0).rev()).isGreaterThan(revBefore);
    }

    @Test
    default void messageRecipientListsFilterInTheStore() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        SessionId me = thread.session(store, "me", true);
        SessionId other = SessionId.of(Fixtures.unique("other"));
        SessionId outsider = thread.session(store, "outsider", false);
        StoredMessage toMyType = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        StoredMessage toMyName = thread.send(store, "codex-cli", "codex", null, MessageUrgency.NEEDS_REPLY, null, null);
        StoredMessage broadcast = thread.send(store, "any", "any", null, MessageUrgency.BLOCKING, null, null);
        StoredMessage toMySession = thread.send(store, "gemini", "gemini", me, MessageUrgency.FYI, null, null);
        thread.send(store, "gemini", "gemini", null, MessageUrgency.FYI, null, null);
        thread.send(store, "codex", "codex", other, MessageUrgency.FYI, null, null);
        StoredMessage claimedByOther = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(claimedByOther.id(), 1,
                new Transition(MessageStatus.UNREAD, other, "gemini", Fixtures.T0, null, Fixtures.T0)));
        StoredMessage retracted = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(retracted.id(), 1,
                Transition.status(retracted, MessageStatus.RETRACTED, Fixtures.T0)));
        StoredMessage read = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(read.id(), 1, Transition.status(read, MessageStatus.READ,
                Fixtures.T0)));
        StoredMessage expiring = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null,
                Fixtures.T0.plusSeconds(30));
        MessageThread foreign = MessageThread.start(store);
        foreign.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);

        Recipient unread = new Recipient(Set.of(thread.namespace()), Set.of(), me, "codex-cli", "codex", null, true,
                Fixtures.T0.plusSeconds(29), false, 50);
        assertThat(ids(store, unread)).containsExactly(expiring.id(), toMySession.id(), broadcast.id(), toMyName.id(),
                toMyType.id());

        Recipient atExpiry = new Recipient(Set.of(thread.namespace()), Set.of(), me, "codex-cli", "codex", null, true,
                Fixtures.T0.plusSeconds(30), false, 50);
        assertThat(ids(store, atExpiry)).doesNotContain(expiring.id()).hasSize(4);

        Recipient all = new Recipient(Set.of(thread.namespace()), Set.of(), me, "codex-cli", "codex", null, false,
                Fixtures.T0.plusSeconds(30), false, 50);
        assertThat(ids(store, all)).containsExactly(expiring.id(), read.id(), toMySession.id(), broadcast.id(),
                toMyName.id(), toMyType.id());

        Recipient urgent = new Recipient(Set.of(thread.namespace()), Set.of(), me, "codex-cli", "codex", null, true,
                Fixtures.T0, true, 3);
        assertThat(ids(store, urgent)).containsExactly(broadcast.id(), toMyName.id(), expiring.id());

        Recipient sender = new Recipient(Set.of(thread.namespace()), Set.of(), thread.writer().session().id(), "codex",
                "codex", null, false, Fixtures.T0, false, 50);
        assertThat(ids(store, sender)).as("a session's own messages are not for it").isEmpty();

        Recipient notJoined = new Recipient(Set.of(thread.namespace()), Set.of(), outsider, "codex-cli", "codex", null,
                false, Fixtures.T0, false, 50);
        assertThat(ids(store, notJoined)).as("only threads the session joined").isEmpty();
        StoredMessage toOutsider = thread.send(store, "codex", "codex", outsider, MessageUrgency.FYI, null, null);
        assertThat(ids(store, notJoined)).as("a message naming the session reaches it anyway")
                .containsExactly(toOutsider.id());

        Recipient otherTask = new Recipient(Set.of(thread.namespace()), Set.of(TaskId.of(Long.MAX_VALUE)), me,
                "codex-cli", "codex", null, false, Fixtures.T0, false, 50);
        assertThat(ids(store, otherTask)).isEmpty();
        Recipient thisTask = new Recipient(Set.of(thread.namespace()), Set.of(thread.task()), me, "codex-cli", "codex",
                Fixtures.T0, false, Fixtures.T0, false, 2);
        assertThat(ids(store, thisTask)).containsExactly(expiring.id(), read.id());
        Recipient later = new Recipient(Set.of(thread.namespace()), Set.of(), me, "codex-cli", "codex",
                Fixtures.T0.plusMillis(1), false, Fixtures.T0, false, 50);
        assertThat(ids(store, later)).isEmpty();
        Recipient nowhere = new Recipient(Set.of(), Set.of(), me, "codex-cli", "codex", null, false, Fixtures.T0,
                false, 50);
        assertThat(ids(store, nowhere)).isEmpty();
    }

    @Test
    default void messageAgentOverviewCoversEveryThreadWithoutASession() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        SessionId codexSession = SessionId.of(Fixtures.unique("codex"));
        store.write(tx -> tx.sessions().upsert(new Session(codexSession, thread.writer().user(), "codex", null, null,
                null, null, Fixtures.T0, null, Fixtures.T0)));
        SessionId otherSession = thread.session(store, "other", false);
        StoredMessage toType = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        StoredMessage broadcast = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        thread.send(store, "gemini", "gemini", null, MessageUrgency.FYI, null, null);
        StoredMessage toCodexSession = thread.send(store, "any", "any", codexSession, MessageUrgency.FYI, null, null);
        thread.send(store, "any", "any", otherSession, MessageUrgency.FYI, null, null);
        StoredMessage claimedByGemini = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(claimedByGemini.id(), 1,
                new Transition(MessageStatus.UNREAD, otherSession, "gemini", Fixtures.T0, null, Fixtures.T0)));
        StoredMessage claimedByCodex = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(claimedByCodex.id(), 1,
                new Transition(MessageStatus.UNREAD, codexSession, "codex", Fixtures.T0, null, Fixtures.T0)));
        StoredMessage retracted = thread.send(store, "codex", "codex", null, MessageUrgency.FYI, null, null);
        store.write(tx -> tx.messages().transition(retracted.id(), 1,
                Transition.status(retracted, MessageStatus.RETRACTED, Fixtures.T0)));

        Recipient codex = new Recipient(Set.of(thread.namespace()), Set.of(), null, "codex", "codex", null, true,
                Fixtures.T0, false, 50);
        assertThat(ids(store, codex)).as("no join needed, claimed by codex kept").containsExactly(claimedByCodex.id(),
                toCodexSession.id(), broadcast.id(), toType.id());

        Recipient sender = new Recipient(Set.of(thread.namespace()), Set.of(), null, "claude-code", "claude", null,
                true, Fixtures.T0, false, 50);
        assertThat(ids(store, sender)).as("an agent's own messages are not for it").isEmpty();
    }

    @Test
    default void messageReceiptsAreWrittenOncePerSession() {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        StoredMessage message = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
        Memory receiptBody = store.write(tx -> tx.memories().insert(Fixtures.memory(thread.writer(), "read it")));
        SessionId first = SessionId.of(Fixtures.unique("reader"));
        SessionId second = SessionId.of(Fixtures.unique("reader"));
        ReadReceipt early = new ReadReceipt(message.id(), first, "codex", Fixtures.T0.plusSeconds(1), receiptBody.id());
        ReadReceipt late = new ReadReceipt(message.id(), second, "gemini", Fixtures.T0.plusSeconds(2), receiptBody.id());

        boolean lateAdded = store.write(tx -> tx.messages().addReceipt(late));
        boolean earlyAdded = store.write(tx -> tx.messages().addReceipt(early));
        boolean againAdded = store.write(tx -> tx.messages().addReceipt(new ReadReceipt(message.id(), first, "codex",
                Fixtures.T0.plusSeconds(5), receiptBody.id())));

        assertThat(lateAdded).isTrue();
        assertThat(earlyAdded).isTrue();
        assertThat(againAdded).as("once per session").isFalse();
        List<ReadReceipt> receipts = store.read(tx -> tx.messages().receipts(message.id()));
        assertThat(receipts).containsExactly(early, late);
        List<ReadReceipt> none = store.read(tx -> tx.messages().receipts(receiptBody.id()));
        assertThat(none).isEmpty();
    }

    @Test
    default void messageClaimRaceHasExactlyOneWinner() throws Exception {
        StorageProvider store = store();
        MessageThread thread = MessageThread.start(store);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 40; round++) {
                StoredMessage broadcast = thread.send(store, "any", "any", null, MessageUrgency.FYI, null, null);
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Boolean>> claims = new ArrayList<>();
                for (int claimant = 0; claimant < 2; claimant++) {
                    SessionId session = SessionId.of("claimant-" + claimant + "-" + Fixtures.unique("s"));
                    claims.add(pool.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        return store.write(tx -> {
                            StoredMessage current = tx.messages().find(broadcast.id()).orElseThrow();
                            if (current.claimedBySession() != null) {
                                return false;
                            }
                            return tx.messages().transition(current.id(), current.version(), new Transition(
                                    current.status(), session, "agent", Fixtures.T0, null, Fixtures.T0)).isPresent();
                        });
                    }));
                }
                boolean first = claims.get(0).get(60, TimeUnit.SECONDS);
                boolean second = claims.get(1).get(60, TimeUnit.SECONDS);
                assertThat(first ^ second).as("round %d: exactly one claim wins", round).isTrue();
                assertThat(store.read(tx -> tx.messages().find(broadcast.id())).orElseThrow().version()).isEqualTo(2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<MemoryId> ids(StorageProvider store, Recipient query) {
        return store.read(tx -> tx.messages().addressedTo(query)).stream().map(StoredMessage::id).toList();
    }

    /**
     * A task thread of a fresh writer, to post messages on.
     *
     * @param writer the writer whose session sends every message
     * @param task the thread
     */
    record MessageThread(Fixtures.Writer writer, TaskId task) {

        static MessageThread start(StorageProvider store) {
            Fixtures.Writer writer = Fixtures.writer(store);
            TaskId task = store.write(tx -> tx.tasks().insert(writer.namespace().id(), "thread", null, null,
                    writer.session().id(), Fixtures.T0)).id();
            return new MessageThread(writer, task);
        }

        NamespaceId namespace() {
            return writer.namespace().id();
        }

        /** A new stored session of the thread's user, joined to the thread when {@code joined}. */
        SessionId session(StorageProvider store, String prefix, boolean joined) {
            SessionId id = SessionId.of(Fixtures.unique(prefix));
            store.write(tx -> {
                tx.sessions().upsert(Fixtures.session(writer.user(), id.value(), Fixtures.T0));
                if (joined) {
                    tx.tasks().join(task, id, "codex-cli", Fixtures.T0);
                }
                return null;
            });
            return id;
        }

        /** Inserts a message body and its delivery record in one transaction, sent at {@link Fixtures#T0}. */
        StoredMessage send(StorageProvider store, String toAgent, String toAgentType, SessionId toSession,
                MessageUrgency urgency, MemoryId replyTo, Instant expiresAt) {
            return store.write(tx -> {
                Memory body = tx.memories().insert(new NewMemory(namespace(), writer.session().id(),
                        MemoryKind.of("message"), "message body for " + toAgent, List.of(), List.of(), null, null,
                        task, replyTo, Fixtures.T0, null, Map.of(), null));
                return tx.messages().insert(new NewMessage(body.id(), namespace(), task, writer.session().id(),
                        "claude-code", toAgent, toAgentType, toSession, urgency, replyTo, "preview", Fixtures.T0,
                        expiresAt));
            });
        }
    }
}
