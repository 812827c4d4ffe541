package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceKind;
import dev.colony.api.UserId;
import dev.colony.api.collection.MemberRole;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.signal.Acknowledgement;
import dev.colony.api.signal.Signal;
import dev.colony.api.signal.SignalDraft;
import dev.colony.api.signal.SignalId;
import dev.colony.api.signal.SignalInbox;
import dev.colony.api.signal.SignalSubscription;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Signals on every store: sent through a collection to a member, peeked at by every session of the
 * recipient until acknowledged, acknowledged once, invisible after they expire or the recipient leaves the
 * collection, refused field by field when malformed, and pushed to subscribers in this process and in
 * another process on the same database.
 */
class SignalsTest {

    /** Generous: a delivery that takes this long has failed; the bench measures how fast it really is. */
    private static final long DELIVERY_SECONDS = 10;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);



    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).clock(clock).build();
    }


    /** Alice's collection "ops" with bob as a member, and one memory of it. */
    private static Memory ops(CallerScope alice) {
        alice.collections().create("ops", NamespaceKind.COLLABORATIVE);
        alice.collections().addMember("ops", UserId.of("bob"), MemberRole.MEMBER);
        return alice.memories().add(MemoryDraft.of(MemoryKind.TASK, "Deploy the billing service")
                .withCollection("ops"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aSignalIsPeekedAtUntilAcknowledgedOnce(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope bob = as(colony, "bob", "codex");
            CallerScope bobElsewhere = as(colony, "bob", "cursor");
            Memory task = ops(alice);

            Signal sent = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id(), task.id())));

            assertThat(sent.collection()).isEqualTo("ops");
            assertThat(sent.memories()).as("repeats dropped").containsExactly(task.id());
            assertThat(sent.toUser()).isEqualTo(UserId.of("bob"));
            assertThat(sent.toAgent()).isNull();
            assertThat(sent.expiresAt()).isEqualTo(sent.sentAt().plus(Duration.ofHours(48)));
            SignalInbox first = bob.signals().check();
            SignalInbox second = bobElsewhere.signals().check();
            assertThat(first.signals()).containsExactly(sent);
            assertThat(first.pending()).isEqualTo(1);
            assertThat(second.signals()).as("a peek consumes nothing").containsExactly(sent);
            assertThat(alice.signals().check().signals()).as("not the sender's").isEmpty();

            clock.advance(Duration.ofMinutes(1));
            Acknowledgement ack = bob.signals().ack(List.of(sent.id(), SignalId.of(sent.id().value() + 1000)));
            Acknowledgement again = bobElsewhere.signals().ack(List.of(sent.id()));

            assertThat(ack.acked()).containsExactly(sent.id());
            assertThat(ack.unknown()).containsExactly(SignalId.of(sent.id().value() + 1000));
            assertThat(again.acked()).isEmpty();
            assertThat(again.alreadyAcked()).containsExactly(sent.id());
            assertThat(bob.signals().check().signals()).isEmpty();
            assertThat(bob.signals().check().pending()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aSignalToAnAgentReachesOnlyThatAgentAndTheNewestComeFirst(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope codex = as(colony, "bob", "codex");
            CallerScope cursor = as(colony, "bob", "cursor");
            Memory task = ops(alice);

            Signal toCodex = alice.signals().send(SignalDraft.of("ops", "codex", List.of(task.id())).expiringIn(1));
            clock.advance(Duration.ofSeconds(1));
            Signal toBob = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())));

            assertThat(toCodex.toUser()).isEqualTo(UserId.of("bob"));
            assertThat(toCodex.toAgent()).isEqualTo("codex");
            assertThat(codex.signals().check().signals()).containsExactly(toBob, toCodex);
            assertThat(codex.signals().check(1)).satisfies(inbox -> {
                assertThat(inbox.signals()).containsExactly(toBob);
                assertThat(inbox.pending()).isEqualTo(2);
            });
            assertThat(cursor.signals().check().signals()).containsExactly(toBob);
            assertThat(cursor.signals().ack(List.of(toCodex.id())).unknown()).as("not cursor's to take")
                    .containsExactly(toCodex.id());

            clock.advance(Duration.ofHours(1));
            assertThat(codex.signals().check().signals()).as("expired, never shown").containsExactly(toBob);
            assertThat(codex.signals().ack(List.of(toCodex.id())).unknown()).containsExactly(toCodex.id());
            assertThat(colony.sweepSignals()).isEqualTo(1);
            clock.advance(Duration.ofHours(48));
            assertThat(colony.sweepSignals()).isEqualTo(1);
            assertThat(colony.sweepSignals()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void onlyMembersSendAndSeeSignalsAndALeaverLosesThemAtOnce(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope bob = as(colony, "bob", "codex");
            CallerScope mallory = as(colony, "mallory", "codex");
            Memory task = ops(alice);
            Memory personal = alice.memories().add(MemoryDraft.of(MemoryKind.FACT, "Alice's own note"));
            Signal sent = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())));

            assertRefused(() -> mallory.signals().send(SignalDraft.of("ops", "bob", List.of(task.id()))),
                    ErrorCode.NOT_FOUND, "collection");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "mallory", List.of(task.id()))),
                    ErrorCode.NOT_FOUND, "recipient");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "bob", List.of(personal.id()))),
                    ErrorCode.INVALID_ARGUMENT, "memory_ids");
            assertThat(mallory.signals().check().signals()).isEmpty();
            assertThat(mallory.signals().ack(List.of(sent.id())).unknown()).containsExactly(sent.id());

            alice.collections().removeMember("ops", UserId.of("bob"));
            assertThat(bob.signals().check().signals()).as("at once").isEmpty();
            assertThat(bob.signals().ack(List.of(sent.id())).unknown()).containsExactly(sent.id());
            assertRefused(() -> bob.signals().send(SignalDraft.of("ops", "alice", List.of(task.id()))),
                    ErrorCode.NOT_FOUND, "collection");

            alice.collections().addMember("ops", UserId.of("bob"), MemberRole.READER);
            assertThat(bob.signals().check().signals()).as("still pending on return").containsExactly(sent);
            Signal fromReader = bob.signals().send(SignalDraft.of("ops", "alice", List.of(task.id())));
            assertThat(alice.signals().check().signals()).containsExactly(fromReader);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void malformedSignalsAreRefusedByFieldAndNothingIsStored(String name, Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope bob = as(colony, "bob", "codex");
            Memory task = ops(alice);
            CallerScope carol = as(colony, "carol", "codex");
            alice.collections().addMember("ops", UserId.of("carol"), MemberRole.MEMBER);
            List<MemoryId> tooMany = LongStream.rangeClosed(1, 101).mapToObj(MemoryId::of).toList();

            assertRefused(() -> alice.signals().send(SignalDraft.of(null, "bob", List.of(task.id()))),
                    ErrorCode.INVALID_ARGUMENT, "collection");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", " ", List.of(task.id()))),
                    ErrorCode.INVALID_ARGUMENT, "recipient");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "bob", List.of())),
                    ErrorCode.INVALID_ARGUMENT, "memory_ids");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "bob", tooMany)),
                    ErrorCode.INVALID_ARGUMENT, "memory_ids");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())).expiringIn(0)),
                    ErrorCode.INVALID_ARGUMENT, "expires_hours");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id()))
                    .expiringIn(721)), ErrorCode.INVALID_ARGUMENT, "expires_hours");
            assertRefused(() -> alice.signals().send(SignalDraft.of("ops", "codex", List.of(task.id()))),
                    ErrorCode.INVALID_ARGUMENT, "recipient");
            assertRefused(() -> bob.signals().check(0), ErrorCode.INVALID_ARGUMENT, "limit");
            assertRefused(() -> bob.signals().ack(List.of()), ErrorCode.INVALID_ARGUMENT, "signal_ids");
            assertThat(bob.signals().check().signals()).isEmpty();
            assertThat(carol.signals().check().signals()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void aSubscriberHearsOfNewSignalsForItAtOnce(String name, Function<Path, StorageProvider> store)
            throws InterruptedException {
        try (Colony colony = open(store)) {
            CallerScope alice = as(colony, "alice", "claude-code");
            CallerScope bob = as(colony, "bob", "codex");
            Memory task = ops(alice);
            Signal before = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())));
            BlockingQueue<Signal> heard = new LinkedBlockingQueue<>();
            BlockingQueue<Signal> aliceHeard = new LinkedBlockingQueue<>();

            SignalSubscription subscription = bob.signals().subscribe(heard::add);
            SignalSubscription other = alice.signals().subscribe(aliceHeard::add);
            try {
                Signal first = alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id())));
                Signal second = alice.signals().send(SignalDraft.of("ops", "codex", List.of(task.id())));
                Signal toAlice = bob.signals().send(SignalDraft.of("ops", "alice", List.of(task.id())));

                assertThat(next(heard)).isEqualTo(first);
                assertThat(next(heard)).isEqualTo(second);
                assertThat(next(aliceHeard)).isEqualTo(toAlice);
                assertThat(List.of(first, second)).doesNotContain(before);
            } finally {
                subscription.close();
                other.close();
            }
            assertThat(heard).as("nothing else, and not the signal sent before subscribing").isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#sharedStores")
    void aSubscriberHearsOfSignalsSentByAnotherProcess(String name, Function<Path, StorageProvider> store)
            throws InterruptedException {
        try (Colony first = open(store); Colony second = open(store)) {
            CallerScope alice = as(first, "alice", "claude-code");
            CallerScope bob = as(second, "bob", "codex");
            Memory task = ops(alice);
            BlockingQueue<Signal> heard = new LinkedBlockingQueue<>();
            List<Signal> sent = new ArrayList<>();

            SignalSubscription subscription = bob.signals().subscribe(heard::add);
            try {
                for (int i = 0; i < 3; i++) {
                    sent.add(alice.signals().send(SignalDraft.of("ops", "bob", List.of(task.id()))));
                }
                List<Signal> received = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    received.add(next(heard));
                }
                assertThat(received).containsExactlyElementsOf(sent);
            } finally {
                subscription.close();
            }
        }
    }

    private static Signal next(BlockingQueue<Signal> queue) throws InterruptedException {
        Signal signal = queue.poll(DELIVERY_SECONDS, TimeUnit.SECONDS);
        assertThat(signal).as("delivered within " + DELIVERY_SECONDS + " s").isNotNull();
        return signal;
    }

}
