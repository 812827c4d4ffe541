package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.claim.ClaimAge;
import dev.colony.api.claim.ClaimOutcome;
import dev.colony.api.claim.ClaimPolicy;
import dev.colony.api.claim.ClaimResult;
import dev.colony.api.claim.ClaimState;
import dev.colony.api.claim.FileClaim;
import dev.colony.api.memory.Memory;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.h2.H2StorageProvider;
import dev.colony.store.tck.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File claims through {@code colony.as(actor).claims()}: paths, guard outcomes, age classes, branches, access. */
class ClaimsTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session claudeSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope claude = colony.as(claudeSession.actor());
    private final Session codexSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final CallerScope codex = colony.as(codexSession.actor());
    private final TaskId task = claude.tasks().open("/work/app", "feature/login").thread().id();

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void pathsAreNormalisedToOneRepoRelativeSpelling() {
        ClaimResult first = claude.claims().claim(task, "src/Login.java", "wiring the form");
        ClaimResult dotted = claude.claims().claim(task, "./src//x/../Login.java", null);
        ClaimResult absolute = claude.claims().claim(task, "/work/app/src/Login.java", null);

        assertThat(first.claim().filePath()).isEqualTo("src/Login.java");
        assertThat(first.outcome()).isEqualTo(ClaimOutcome.CLAIMED);
        assertThat(dotted.claim().filePath()).isEqualTo("src/Login.java");
        assertThat(dotted.outcome()).isEqualTo(ClaimOutcome.REFRESHED_SAME_SESSION);
        assertThat(absolute.claim().filePath()).isEqualTo("src/Login.java");
        assertThat(claude.claims().list(task, 10)).hasSize(1);
        Memory audit = claude.memories().get(List.of(first.observation())).get(0);
        assertThat(audit.kind().name()).isEqualTo("claim");
        assertThat(audit.task()).isEqualTo(task);
        assertThat(audit.content()).contains("src/Login.java").contains("wiring the form");
    }

    @Test
    void invalidPathsAreRefusedWithAReason(@TempDir Path repo) throws Exception {
        Files.createDirectories(repo.resolve("src/main"));
        TaskId onDisk = claude.tasks().open(repo.toString(), "feature/disk").thread().id();

        assertInvalid(task, "", "empty");
        assertInvalid(task, "   ", "empty");
        assertInvalid(task, null, "empty");
        assertInvalid(task, "/dev/null", "pseudo path");
        assertInvalid(task, "/etc/passwd", "outside repo_root");
        assertInvalid(task, "../other/File.java", "outside repo_root");
        assertInvalid(task, "/work/application/A.java", "outside repo_root");
        assertInvalid(task, "src/", "directory");
        assertInvalid(task, ".", "repository root");
        assertInvalid(task, "/work/app", "repository root");
        assertInvalid(onDisk, "src/main", "is a directory");
        assertThat(claude.claims().claim(onDisk, "src/main/App.java", null).claim().filePath())
                .isEqualTo("src/main/App.java");
    }

    private void assertInvalid(TaskId on, String path, String reason) {
        assertThatThrownBy(() -> claude.claims().claim(on, path, null))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_CLAIM_PATH);
                    assertThat(e.field()).isEqualTo("file_path");
                    assertThat(e.getMessage()).contains(reason);
                });
    }

    @Test
    void anActiveOwnerOfAnotherAgentTypeHoldsTheFileAndIsNamed() {
        claude.claims().claim(task, "src/A.java", null);
        clock.advance(Duration.ofMinutes(5));

        assertThatThrownBy(() -> codex.claims().claim(task, "src/A.java", null))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.CLAIM_HELD_BY_ACTIVE_OWNER);
                    assertThat(e.getMessage()).contains(claudeSession.id().value());
                    assertThat(e.details()).containsEntry("owner_session_id", claudeSession.id().value())
                            .containsEntry("owner_agent", "claude-code");
                });
        assertThat(claude.claims().list(task, 10)).singleElement()
                .satisfies(claim -> assertThat(claim.session()).isEqualTo(claudeSession.id()));
    }

    @Test
    void aSessionOfTheSameAgentTypeRefreshesTheLane() {
        Session other = colony.sessions().ensure(SessionStart.of("alice", "claude"));
        claude.claims().claim(task, "src/A.java", null);

        ClaimResult result = colony.as(other.actor()).claims().claim(task, "src/A.java", null);

        assertThat(result.outcome()).isEqualTo(ClaimOutcome.REFRESHED_SAME_LANE);
        assertThat(result.previousOwner()).isEqualTo(claudeSession.id());
        assertThat(result.claim().session()).isEqualTo(other.id());
    }

    @Test
    void anIdleEndedOrStaleOwnerIsSuperseded() {
        claude.claims().claim(task, "src/Idle.java", null);
        clock.advance(ClaimPolicy.DEFAULT.ownerIdleAfter());
        ClaimResult idle = codex.claims().claim(task, "src/Idle.java", null);
        assertThat(idle.outcome()).isEqualTo(ClaimOutcome.SUPERSEDED_INACTIVE_OWNER);
        assertThat(idle.previousOwner()).isEqualTo(claudeSession.id());

        claude.claims().claim(task, "src/Ended.java", null);
        colony.as(claudeSession.actor()).sessions().end(claudeSession.id());
        assertThat(codex.claims().claim(task, "src/Ended.java", null).outcome())
                .isEqualTo(ClaimOutcome.SUPERSEDED_INACTIVE_OWNER);
    }

    @Test
    void aStaleClaimIsNotOwnershipEvenWhenItsOwnerIsAlive() {
        claude.claims().claim(task, "src/Old.java", null);
        clock.advance(Duration.ofMinutes(240));
        colony.as(claudeSession.actor()).sessions().heartbeat(claudeSession.id());

        assertThat(codex.claims().claim(task, "src/Old.java", null).outcome())
                .isEqualTo(ClaimOutcome.SUPERSEDED_INACTIVE_OWNER);
    }

    @Test
    void ageClassesFollowTheClock() {
        claude.claims().claim(task, "src/A.java", null);
        clock.advance(Duration.ofMinutes(239));
        assertThat(only().age()).isEqualTo(ClaimAge.FRESH);
        assertThat(only().owning()).isTrue();
        clock.advance(Duration.ofMinutes(1));
        assertThat(only().age()).isEqualTo(ClaimAge.STALE);
        assertThat(only().state()).isEqualTo(ClaimState.ACTIVE);
        clock.advance(Duration.ofMinutes(239));
        assertThat(only().age()).isEqualTo(ClaimAge.STALE);
        clock.advance(Duration.ofMinutes(1));
        assertThat(only().age()).isEqualTo(ClaimAge.EXPIRED);
        assertThat(only().state()).isEqualTo(ClaimState.WEAK_EXPIRED);
    }

    private FileClaim only() {
        return codex.claims().list(task, 10).get(0);
    }

    @Test
    void ageThresholdsAndProtectedBranchesAreConfigurable() {
        ClaimPolicy policy = ClaimPolicy.DEFAULT.withAges(Duration.ofMinutes(10), Duration.ofMinutes(20))
                .withProtectedBranches(Set.of("trunk"));
        try (Colony custom = Colony.builder().storage(H2StorageProvider.inMemory()).clock(clock).claimPolicy(policy)
                .build()) {
            CallerScope me = custom.as(custom.sessions().ensure(SessionStart.of("carol", "codex")).actor());
            TaskId onMain = me.tasks().open("/r", "main").thread().id();
            TaskId onTrunk = me.tasks().open("/r", "trunk").thread().id();

            me.claims().claim(onMain, "a.txt", null);
            clock.advance(Duration.ofMinutes(10));
            assertThat(me.claims().list(onMain, 5).get(0).age()).isEqualTo(ClaimAge.STALE);
            clock.advance(Duration.ofMinutes(10));
            assertThat(me.claims().list(onMain, 5).get(0).age()).isEqualTo(ClaimAge.EXPIRED);
            assertThatThrownBy(() -> me.claims().claim(onTrunk, "a.txt", null))
                    .extracting(e -> ((ColonyException) e).code())
                    .isEqualTo(ErrorCode.PROTECTED_BRANCH_CLAIM_REJECTED);
        }
    }

    @Test
    void protectedBranchesRefuseClaimsByDefault() {
        for (String branch : List.of("main", "master", "dev", "develop", "production", "release", "Main")) {
            TaskId protectedTask = claude.tasks().open("/work/app", branch).thread().id();
            assertThatThrownBy(() -> claude.claims().claim(protectedTask, "a.txt", null))
                    .extracting(e -> ((ColonyException) e).code())
                    .as(branch).isEqualTo(ErrorCode.PROTECTED_BRANCH_CLAIM_REJECTED);
        }
    }

    @Test
    void claimingJoinsTheThread() {
        codex.claims().claim(task, "src/B.java", null);

        assertThat(claude.tasks().isParticipant(task, codexSession.id())).isTrue();
    }

    @Test
    void aNonMemberSeesNoClaimAndCannotClaim() {
        claude.claims().claim(task, "src/A.java", null);
        CallerScope mallory = colony.as(colony.sessions().ensure(SessionStart.of("mallory", "claude-code")).actor());

        assertThat(mallory.claims().list(null, 100)).isEmpty();
        assertThatThrownBy(() -> mallory.claims().list(task, 10))
                .extracting(e -> ((ColonyException) e).code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThatThrownBy(() -> mallory.claims().claim(task, "src/A.java", null))
                .extracting(e -> ((ColonyException) e).code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(claude.claims().list(null, 100)).hasSize(1);
    }
}
