package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonKind;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Handoffs through {@code colony.as(actor).handoffs()}: files move, time to live, addressees, errors. */
class HandoffsTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session claudeSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope claude = colony.as(claudeSession.actor());
    private final Session codexSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final CallerScope codex = colony.as(codexSession.actor());
    private final TaskId task = claude.tasks().open("/work/app", "feature/pay").thread().id();

    @AfterEach
    void close() {
        colony.close();
    }

    private Baton handOff(String to, List<String> files) {
        return claude.handoffs().handOff(new HandoffRequest(task, to, "Checkout works; wire the receipts.",
                List.of("run the receipt tests"), List.of(), files, null));
    }

    @Test
    void filesAreReleasedAtHandOffAndInstalledForTheAccepter() {
        claude.claims().claim(task, "src/Pay.java", null);
        Baton sent = handOff("codex", List.of("src/Pay.java", "./src/Receipt.java"));

        assertThat(sent.status()).isEqualTo(BatonStatus.PENDING);
        assertThat(sent.kind()).isEqualTo(BatonKind.HANDOFF);
        assertThat(sent.files()).containsExactly("src/Pay.java", "src/Receipt.java");
        assertThat(sent.expiresAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(120)));
        assertThat(sent.nextSteps()).containsExactly("run the receipt tests");
        assertThat(claude.claims().list(task, 10)).isEmpty();
        Memory announced = claude.memories().get(List.of(sent.id())).get(0);
        assertThat(announced.kind().name()).isEqualTo("handoff");
        assertThat(claude.handoffs().pending(task)).extracting(Baton::id).containsExactly(sent.id());

        codex.tasks().join(task);
        Acceptance accepted = codex.handoffs().accept(sent.id());

        assertThat(accepted.baton().status()).isEqualTo(BatonStatus.ACCEPTED);
        assertThat(accepted.baton().resolvedBy()).isEqualTo(codexSession.id());
        assertThat(accepted.installedFiles()).containsExactly("src/Pay.java", "src/Receipt.java");
        assertThat(codex.claims().list(task, 10)).extracting(FileClaim::session, FileClaim::state)
                .containsOnly(org.assertj.core.groups.Tuple.tuple(codexSession.id(), ClaimState.ACTIVE));
        assertThat(claude.handoffs().pending(task)).isEmpty();
    }

    @Test
    void aHandoffExpiresAfterItsTimeToLiveAndIsWrittenBackAsExpired() {
        Baton sent = handOff("any", List.of());
        codex.tasks().join(task);
        clock.advance(Duration.ofMinutes(119));
        assertThat(codex.handoffs().get(sent.id()).status()).isEqualTo(BatonStatus.PENDING);
        clock.advance(Duration.ofMinutes(1));
        assertThat(codex.handoffs().get(sent.id()).status()).as("read lazily").isEqualTo(BatonStatus.EXPIRED);
        assertThat(codex.handoffs().pending(task)).isEmpty();

        assertCode(() -> codex.handoffs().accept(sent.id()), ErrorCode.HANDOFF_EXPIRED);
        Baton stored = codex.handoffs().get(sent.id());
        assertThat(stored.resolvedAt()).as("written back").isEqualTo(clock.instant());
        assertThat(stored.version()).isEqualTo(2);
        assertCode(() -> codex.handoffs().decline(sent.id(), "late"), ErrorCode.HANDOFF_EXPIRED);
        assertThat(codex.memories().get(List.of(sent.id()))).as("stays in the audit trail").hasSize(1);
    }

    @Test
    void timeToLiveIsBoundedAndCanBeShortened() {
        Baton shortOne = claude.handoffs().handOff(HandoffRequest.of(task, "any", "short")
                .expiringIn(Duration.ofMinutes(10)));
        Baton longest = claude.handoffs().handOff(HandoffRequest.of(task, "any", "long")
                .expiringIn(Duration.ofMinutes(480)));

        assertThat(shortOne.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));
        assertThat(longest.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(480)));
        assertThatThrownBy(() -> claude.handoffs().handOff(HandoffRequest.of(task, "any", "too long")
                .expiringIn(Duration.ofMinutes(481))))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.field()).isEqualTo("expires_in_minutes"));
    }

    @Test
    void declineCancelsAndPostsTheReason() {
        Baton sent = handOff("codex", List.of());
        codex.tasks().join(task);

        Baton declined = codex.handoffs().decline(sent.id(), "out of scope for this branch");

        assertThat(declined.status()).isEqualTo(BatonStatus.CANCELLED);
        assertThat(declined.declineReason()).isEqualTo("out of scope for this branch");
        List<Memory> posts = colony.storage().read(tx -> tx.taskPosts().timeline(task, 50)).stream()
                .filter(entry -> entry.kind().name().equals("decline"))
                .map(entry -> claude.memories().get(List.of(entry.id())).get(0))
                .toList();
        assertThat(posts).singleElement().satisfies(post -> {
            assertThat(post.content()).contains("out of scope for this branch");
            assertThat(post.replyTo()).isEqualTo(sent.id());
            assertThat(post.session()).isEqualTo(codexSession.id());
        });
        assertCode(() -> codex.handoffs().accept(sent.id()), ErrorCode.CONFLICT);
    }

    @Test
    void onlyParticipantsOfTheAddressedAgentTypeMayAcceptAndOnlyOnce() {
        Baton sent = handOff("codex", List.of());
        Session cursorSession = colony.sessions().ensure(SessionStart.of("alice", "cursor"));
        CallerScope cursor = colony.as(cursorSession.actor());
        Session secondCodex = colony.sessions().ensure(SessionStart.of("alice", "codex-cli"));

        assertCode(() -> codex.handoffs().accept(sent.id()), ErrorCode.NOT_PARTICIPANT);
        cursor.tasks().join(task);
        assertCode(() -> cursor.handoffs().accept(sent.id()), ErrorCode.NOT_TARGET_AGENT);
        codex.tasks().join(task);
        codex.handoffs().accept(sent.id());
        CallerScope other = colony.as(secondCodex.actor());
        other.tasks().join(task);
        assertCode(() -> other.handoffs().accept(sent.id()), ErrorCode.ALREADY_ACCEPTED);
        assertCode(() -> codex.handoffs().decline(sent.id(), "changed my mind"), ErrorCode.ALREADY_ACCEPTED);
    }

    @Test
    void sendingNeedsParticipationAndUnknownIdsAreNotFound() {
        assertCode(() -> codex.handoffs().handOff(HandoffRequest.of(task, "any", "hi")), ErrorCode.NOT_PARTICIPANT);
        assertCode(() -> claude.handoffs().accept(MemoryId.of(999_999)), ErrorCode.NOT_FOUND);
    }

    @Test
    void aNonMemberSeesNoHandoff() {
        Baton sent = handOff("any", List.of());
        CallerScope mallory = colony.as(colony.sessions().ensure(SessionStart.of("mallory", "codex")).actor());

        assertCode(() -> mallory.handoffs().get(sent.id()), ErrorCode.NOT_FOUND);
        assertCode(() -> mallory.handoffs().accept(sent.id()), ErrorCode.NOT_FOUND);
        assertCode(() -> mallory.handoffs().pending(task), ErrorCode.NOT_FOUND);
        assertCode(() -> mallory.relays().get(sent.id()), ErrorCode.NOT_FOUND);
    }

    static void assertCode(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class,
                e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(code));
    }
}
