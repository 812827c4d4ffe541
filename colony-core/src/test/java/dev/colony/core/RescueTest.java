package dev.colony.core;

import static dev.colony.core.ColonyTestSupport.as;
import static dev.colony.core.ColonyTestSupport.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.baton.Acceptance;
import dev.colony.api.baton.Baton;
import dev.colony.api.baton.RelayReason;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.plan.PlanDraft;
import dev.colony.api.plan.PlanRef;
import dev.colony.api.plan.SubtaskDraft;
import dev.colony.api.plan.SubtaskStatus;
import dev.colony.api.rescue.RescueEntry;
import dev.colony.api.rescue.RescueReport;
import dev.colony.search.lucene.LuceneSearch;
import dev.colony.spi.storage.StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stranded-session rescue on every store: a scan finds sessions silent past the threshold that hold claims or
 * sub-tasks, most urgent first, and changes nothing; a run needs confirmation, then relays each thread, releases
 * the claims and reopens the sub-task in one transaction; another agent takes the relay over; nobody else's
 * sessions are seen.
 */
class RescueTest {

    private static final String REPO = "/work/shop";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);

    private Colony open(Function<Path, StorageProvider> store) {
        return Colony.builder().storage(store.apply(dir)).search(LuceneSearch.inMemory()).clock(clock).build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.colony.core.ColonyTestSupport#stores")
    void silentSessionsAreFoundThenRelayedReleasedAndReopenedOnConfirmation(String name,
            Function<Path, StorageProvider> store) {
        try (Colony colony = open(store)) {
            CallerScope codex = as(colony, "alice", "codex");
            TaskId thread = codex.tasks().open(REPO, "feature/cache").thread().id();
            codex.claims().claim(thread, "src/cache.ts", null);
            codex.claims().claim(thread, "src/cache.test.ts", null);
            CallerScope claude = as(colony, "alice", "claude-code");
            claude.plans().publish(PlanDraft.of(REPO, "widgets", "Widgets", List.of(
                    SubtaskDraft.of("Build the API", List.of("api/widgets.ts")),
                    SubtaskDraft.of("Build the page", List.of("web/widgets.tsx")).dependingOn(0))));
            claude.plans().claim(PlanRef.of("widgets"), 0);
            claude.tasks().join(thread);
            claude.messages().send(MessageDraft.to(thread, "Is the cache keyed by tenant?")
                    .withToSession(codex.actor().session()).withUrgency(MessageUrgency.BLOCKING));
            claude.sessions().end(claude.actor().session());
            clock.advance(Duration.ofMinutes(5));
            CallerScope rescuer = as(colony, "alice", "cursor");

            assertThat(rescuer.rescues().scan(null).rescued()).as("5 minutes is not stranded, ended or not").isEmpty();

            clock.advance(Duration.ofMinutes(6));
            RescueReport scan = rescuer.rescues().scan(null);

            assertThat(scan.dryRun()).isTrue();
            assertThat(scan.stranded()).extracting(s -> s.agent()).containsExactlyInAnyOrder("codex", "claude-code");
            assertThat(scan.stranded()).allSatisfy(s -> assertThat(s.silentMinutes()).isEqualTo(11));
            assertThat(scan.stranded()).extracting(s -> s.ended()).containsExactlyInAnyOrder(true, false);
            assertThat(scan.rescued()).hasSize(2);
            RescueEntry first = scan.rescued().get(0);
            assertThat(first.planSlug()).as("the sub-task others wait on comes first").isEqualTo("widgets");
            assertThat(first.subtaskIndex()).isZero();
            assertThat(first.waveIndex()).isZero();
            assertThat(first.blockedDownstreamCount()).isEqualTo(1);
            assertThat(first.blockingUrgency()).isEqualTo(RescueEntry.Urgency.HIGH);
            assertThat(first.files()).containsExactly("api/widgets.ts");
            RescueEntry second = scan.rescued().get(1);
            assertThat(second.task()).isEqualTo(thread);
            assertThat(second.files()).containsExactly("src/cache.test.ts", "src/cache.ts");
            assertThat(second.blockingUrgency()).as("a blocking question waits").isEqualTo(RescueEntry.Urgency.HIGH);
            assertThat(second.messageAttentionState()).isEqualTo(RescueEntry.MessageState.BLOCKING);
            assertThat(second.relay()).isNull();
            assertThat(codex.claims().list(thread, 10)).as("a scan changes nothing")
                    .extracting(FileClaim::state).containsOnly(ClaimState.ACTIVE);
            assertThat(as(colony, "bob", "codex").rescues().scan(null).rescued()).as("another user sees none")
                    .isEmpty();
            assertRefused(() -> rescuer.rescues().run(null, false), ErrorCode.RESCUE_CONFIRM_REQUIRED, "confirm");
            assertRefused(() -> rescuer.rescues().scan(Duration.ZERO), ErrorCode.INVALID_ARGUMENT,
                    "stranded_after_minutes");
            assertThat(codex.claims().list(thread, 10)).as("a refused run changes nothing")
                    .extracting(FileClaim::state).containsOnly(ClaimState.ACTIVE);

            RescueReport run = rescuer.rescues().run(null, true);

            assertThat(run.dryRun()).isFalse();
            assertThat(run.rescued()).hasSize(2).allSatisfy(entry -> assertThat(entry.relay()).isNotNull());
            assertThat(codex.claims().list(thread, 10)).as("released claims are no longer listed").isEmpty();
            assertThat(claude.plans().get(PlanRef.of("widgets")).subtasks().get(0).status())
                    .isEqualTo(SubtaskStatus.AVAILABLE);
            assertThat(rescuer.rescues().scan(null).rescued()).as("nothing left to rescue").isEmpty();
            Baton relay = rescuer.relays().get(run.rescued().get(1).relay());
            assertThat(relay.reason()).isEqualTo(RelayReason.RESCUE);
            assertThat(relay.fromAgent()).isEqualTo("codex");
            assertThat(relay.files()).containsExactly("src/cache.test.ts", "src/cache.ts");

            CallerScope gemini = as(colony, "alice", "gemini");
            gemini.tasks().join(thread);
            Acceptance taken = gemini.relays().accept(relay.id());

            assertThat(taken.installedFiles()).containsExactlyInAnyOrder("src/cache.ts", "src/cache.test.ts");
            assertThat(codex.claims().list(thread, 10)).extracting(FileClaim::agent).containsOnly("gemini");
        }
    }
}
