package dev.colony.core;

import static dev.colony.core.HandoffsTest.assertCode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.BatonStatus;
import dev.colony.api.baton.QuotaRelease;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.baton.RelayRequest;
import dev.colony.api.baton.ResumableState;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Relays and quota batons: pending claims, recipe, resumable state, time to live, adoption, release. */
class RelaysTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session senderSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final CallerScope sender = colony.as(senderSession.actor());
    private final Session receiverSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope receiver = colony.as(receiverSession.actor());
    private final TaskId task = sender.tasks().open("/work/app", "feature/docs").thread().id();

    @AfterEach
    void close() {
        colony.close();
    }

    private Baton relay() {
        return sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "Docs half written; finish relay part."));
    }

    @Test
    void aRelayTurnsFreshClaimsPendingWithARecipeAndRecentActivity() {
        MemoryId old = sender.memories().add(MemoryDraft.of(MemoryKind.NOTE, "an old note").withTask(task)).id();
        sender.claims().claim(task, "docs/stale.md", null);
        clock.advance(Duration.ofMinutes(300));
        sender.claims().claim(task, "docs/relay.md", null);
        MemoryId recent = sender.memories().add(MemoryDraft.of(MemoryKind.NOTE, "halfway").withTask(task)).id();

        Baton relay = relay();

        assertThat(relay.reason()).isEqualTo(RelayReason.QUOTA);
        assertThat(relay.toAgent()).isEqualTo("any");
        assertThat(relay.files()).containsExactly("docs/relay.md");
        assertThat(relay.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(240)));
        assertThat(relay.recipe().inheritClaims()).containsExactly("docs/relay.md");
        assertThat(relay.recipe().untrackedFilesWarning()).contains("fetch_files_at");
        assertThat(relay.resumable().since()).isEqualTo(clock.instant().minus(Duration.ofMinutes(30)));
        assertThat(relay.resumable().recent()).extracting(ResumableState.Activity::id).contains(recent)
                .doesNotContain(old);
        FileClaim pending = sender.claims().list(task, 10).stream()
                .filter(claim -> claim.filePath().equals("docs/relay.md")).findFirst().orElseThrow();
        assertThat(pending.state()).isEqualTo(ClaimState.HANDOFF_PENDING);
        assertThat(pending.baton()).isEqualTo(relay.id());
        assertThat(pending.expiresAt()).isEqualTo(relay.expiresAt());
        assertCode(() -> receiver.claims().claim(task, "docs/relay.md", null), ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER);

        Acceptance accepted = receiver.relays().accept(relay.id());

        assertThat(accepted.installedFiles()).containsExactly("docs/relay.md");
        FileClaim mine = receiver.claims().list(task, 10).stream()
                .filter(claim -> claim.filePath().equals("docs/relay.md")).findFirst().orElseThrow();
        assertThat(mine.state()).isEqualTo(ClaimState.ACTIVE);
        assertThat(mine.session()).isEqualTo(receiverSession.id());
        assertCode(() -> colony.as(colony.sessions().ensure(SessionStart.of("alice", "cursor")).actor()).relays()
                .accept(relay.id()), ErrorCode.ALREADY_ACCEPTED);
    }

    @Test
    void aRelayKeepsItsRecipeAndTimeToLiveBounds() {
        Baton relay = sender.relays().relay(RelayRequest.of(task, RelayReason.RATE_LIMIT, "stop")
                .from("main", "abc1234").to("claude").expiringIn(Duration.ofMinutes(720)));

        assertThat(relay.recipe().baseBranch()).isEqualTo("main");
        assertThat(relay.recipe().fetchFilesAt()).isEqualTo("abc1234");
        assertThat(relay.recipe().untrackedFilesWarning()).isNull();
        assertThat(relay.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(720)));
        assertCode(() -> sender.relays().relay(RelayRequest.of(task, RelayReason.MANUAL, "x")
                .expiringIn(Duration.ofMinutes(721))), ErrorCode.INVALID_ARGUMENT);
        assertCode(() -> colony.as(colony.sessions().ensure(SessionStart.of("alice", "cursor")).actor()).relays()
                .accept(relay.id()), ErrorCode.NOT_TARGET_AGENT);
    }

    @Test
    void anExpiredRelayIsWrittenBackAndItsClaimsWeakenedOnce() {
        sender.claims().claim(task, "docs/a.md", null);
        Baton relay = relay();
        clock.advance(Duration.ofMinutes(240));

        assertCode(() -> receiver.relays().accept(relay.id()), ErrorCode.RELAY_EXPIRED);
        assertThat(receiver.relays().get(relay.id()).status()).isEqualTo(BatonStatus.EXPIRED);
        assertThat(receiver.claims().list(task, 10)).singleElement()
                .satisfies(claim -> assertThat(claim.state()).isEqualTo(ClaimState.WEAK_EXPIRED));
        assertThat(weakenedAudits()).isEqualTo(1);
        assertThat(receiver.quotaBatons().releaseExpired(task, null, null))
                .isEqualTo(new QuotaRelease(List.of(), List.of()));
        assertThat(weakenedAudits()).isEqualTo(1);
        assertThat(receiver.claims().claim(task, "docs/a.md", null).outcome().wireName())
                .isEqualTo("superseded_inactive_owner");
    }

    @Test
    void declineCancelsTheRelayAndFreesItsClaims() {
        sender.claims().claim(task, "docs/a.md", null);
        Baton relay = relay();

        Baton declined = receiver.relays().decline(relay.id(), "branch already pruned");

        assertThat(declined.status()).isEqualTo(BatonStatus.CANCELLED);
        assertThat(sender.claims().list(task, 10)).isEmpty();
        assertThat(receiver.claims().claim(task, "docs/a.md", null).outcome().wireName()).isEqualTo("claimed");
    }

    @Test
    void quotaAcceptAdoptsByFileAndQuotaDeclineReaddressesToAnyone() {
        sender.claims().claim(task, "docs/a.md", null);
        sender.claims().claim(task, "docs/b.md", null);
        Baton relay = sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "quota").to("claude"));

        Baton readdressed = receiver.quotaBatons().decline(task, null, "docs/a.md", "outside this worktree");
        assertThat(readdressed.status()).isEqualTo(BatonStatus.PENDING);
        assertThat(readdressed.toAgent()).isEqualTo("any");

        CallerScope cursor = colony.as(colony.sessions().ensure(SessionStart.of("alice", "cursor")).actor());
        Acceptance adopted = cursor.quotaBatons().accept(task, null, "/work/app/docs/b.md");
        assertThat(adopted.baton().id()).isEqualTo(relay.id());
        assertThat(adopted.installedFiles()).containsExactly("docs/a.md", "docs/b.md");
        assertCode(() -> receiver.quotaBatons().accept(task, relay.id(), null), ErrorCode.ALREADY_ACCEPTED);
        assertCode(() -> receiver.quotaBatons().accept(task, null, "docs/zzz.md"), ErrorCode.NOT_FOUND);
    }

    @Test
    void releaseExpiredWeakensOnlyRanOutClaimsAndCanBeNarrowed() {
        TaskId other = sender.tasks().open("/work/app", "feature/other").thread().id();
        sender.claims().claim(task, "docs/a.md", null);
        Baton first = sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "one")
                .expiringIn(Duration.ofMinutes(10)));
        sender.claims().claim(task, "docs/b.md", null);
        Baton second = sender.relays().relay(RelayRequest.of(task, RelayReason.QUOTA, "two")
                .expiringIn(Duration.ofMinutes(60)));
        clock.advance(Duration.ofMinutes(10));

        assertCode(() -> receiver.quotaBatons().releaseExpired(other, first.id(), null),
                ErrorCode.OBSERVATION_NOT_ON_TASK);
        assertThat(receiver.quotaBatons().releaseExpired(task, second.id(), null))
                .isEqualTo(new QuotaRelease(List.of(), List.of()));
        QuotaRelease released = receiver.quotaBatons().releaseExpired(task, null, null);

        assertThat(released.weakenedFiles()).containsExactly("docs/a.md");
        assertThat(released.expiredBatons()).containsExactly(first.id());
        assertThat(receiver.relays().pending(task)).extracting(Baton::id).containsExactly(second.id());
        assertThat(weakenedAudits()).isEqualTo(1);
    }

    private long weakenedAudits() {
        return colony.storage().read(tx -> tx.taskPosts().timeline(task, 500)).stream()
                .filter(entry -> entry.kind().name().equals("claim-weakened")).count();
    }
}
