package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.CallerScope;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.TaskId;
import dev.colony.api.activity.FileEdit;
import dev.colony.api.activity.FileHeat;
import dev.colony.api.activity.FileHeatQuery;
import dev.colony.api.attention.Attention;
import dev.colony.api.attention.AttentionQuery;
import dev.colony.api.baton.HandoffRequest;
import dev.colony.api.lane.Lane;
import dev.colony.api.lane.LaneActivity;
import dev.colony.api.lane.LaneQuery;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.api.task.PostDraft;
import dev.colony.api.task.PostKind;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Recorded edits and file heat, lanes and the attention inbox, on a moved clock: decay, activity
 * classes, every inbox bucket, and a non-member who sees none of it.
 */
class ActivityLanesAttentionTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session claudeSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope claude = colony.as(claudeSession.actor());
    private final Session codexSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final CallerScope codex = colony.as(codexSession.actor());
    private final Session bobSession = colony.sessions().ensure(SessionStart.of("bob", "claude-code"));
    private final CallerScope bob = colony.as(bobSession.actor());
    private final TaskId task = claude.tasks().open("/work/app", "feature/login").thread().id();

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void anEditIsRecordedOnTheRepoRelativePathAndJoinsTheThread() {
        FileEdit edit = codex.activity().recordEdit(task, "/work/app/src/./Login.java");

        assertThat(edit.filePath()).isEqualTo("src/Login.java");
        assertThat(edit.session()).isEqualTo(codexSession.id());
        assertThat(edit.editedAt()).isEqualTo(ColonyTestSupport.START);
        assertThat(codex.tasks().isParticipant(task, codexSession.id())).isTrue();
        assertThatThrownBy(() -> codex.activity().recordEdit(task, "/etc/passwd"))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_CLAIM_PATH);
                    assertThat(e.field()).isEqualTo("file_path");
                });
        assertThatThrownBy(() -> bob.activity().recordEdit(task, "src/Login.java"))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND);
                    assertThat(e.field()).isEqualTo("task_id");
                });
    }

    @Test
    void heatHalvesEveryHalfLifeAndForgetsActivityOlderThanTheWindow() {
        claude.activity().recordEdit(task, "src/Old.java");
        clock.advance(Duration.ofMinutes(30));
        claude.activity().recordEdit(task, "src/Login.java");
        claude.activity().recordEdit(task, "src/Login.java");
        codex.claims().claim(task, "src/Form.java", null);

        List<FileHeat> heat = claude.activity().heat(FileHeatQuery.hottest(10));

        assertThat(heat).extracting(FileHeat::filePath).containsExactly("src/Login.java", "src/Form.java", "src/Old.java");
        assertThat(heat.get(0).heat()).isEqualTo(2.0);
        assertThat(heat.get(0).events()).isEqualTo(2);
        assertThat(heat.get(0).repoRoot()).isEqualTo("/work/app");
        assertThat(heat.get(0).branch()).isEqualTo("feature/login");
        assertThat(heat.get(1).heat()).as("a claim counts as activity").isEqualTo(1.0);
        assertThat(heat.get(2).heat()).isCloseTo(0.5, within(0.001));

        clock.advance(Duration.ofMinutes(60));
        assertThat(claude.activity().heat(FileHeatQuery.hottest(1)).get(0).heat()).isCloseTo(0.5, within(0.001));
        assertThat(claude.activity().heat(new FileHeatQuery(Set.of("/work/other"), Set.of(), Duration.ofMinutes(30), 10)))
                .isEmpty();
        clock.advance(Duration.ofHours(4));
        assertThat(claude.activity().heat(FileHeatQuery.hottest(10))).as("older than eight half-lives").isEmpty();
        assertThat(bob.activity().heat(FileHeatQuery.hottest(10))).isEmpty();
        assertThatThrownBy(() -> claude.activity().heat(new FileHeatQuery(Set.of(), Set.of(), Duration.ZERO, 10)))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("half_life"));
    }

    @Test
    void lanesMoveFromWorkingToDeadAsTheClockRuns() {
        claude.activity().recordEdit(task, "src/Login.java");
        claude.claims().claim(task, "src/Form.java", null);
        codex.sessions().heartbeat(codexSession.id());

        assertThat(activityOf(claude, claudeSession)).isEqualTo(LaneActivity.WORKING);
        assertThat(activityOf(claude, codexSession)).isEqualTo(LaneActivity.THINKING);
        Lane lane = lane(claude, claudeSession);
        assertThat(lane.task()).isEqualTo(task);
        assertThat(lane.taskTitle()).isNotBlank();
        assertThat(lane.branch()).isEqualTo("feature/login");
        assertThat(lane.claimedFiles()).containsExactly("src/Form.java");
        assertThat(lane.claimedFileCount()).isEqualTo(1);

        clock.advance(Duration.ofMinutes(6));
        assertThat(activityOf(claude, claudeSession)).isEqualTo(LaneActivity.IDLE);
        clock.advance(Duration.ofMinutes(10));
        assertThat(activityOf(claude, claudeSession)).isEqualTo(LaneActivity.STALLED);
        clock.advance(Duration.ofMinutes(45));
        assertThat(claude.lanes().list(LaneQuery.live(10))).isEmpty();
        assertThat(activityOf(claude, claudeSession)).isEqualTo(LaneActivity.DEAD);
        assertThat(claude.lanes().list(new LaneQuery(Set.of("/work/other"), true, 10))).isEmpty();
        assertThat(bob.lanes().list(new LaneQuery(Set.of(), true, 10))).extracting(Lane::session)
                .containsExactly(bobSession.id());
    }

    @Test
    void theInboxGathersEveryBucketForTheAddressedAgentOnly() {
        codex.claims().claim(task, "src/Form.java", null);
        codex.activity().recordEdit(task, "src/Form.java");
        codex.handoffs().handOff(HandoffRequest.of(task, "claude", "Take over the form validation"));
        codex.messages().send(MessageDraft.to(task, "FYI the schema moved").withToAgent("claude"));
        codex.messages().send(MessageDraft.to(task, "Stop: do not touch Form.java yet").withToAgent("claude")
                .withUrgency(MessageUrgency.BLOCKING));
        codex.tasks().post(task, PostDraft.of(PostKind.BLOCKER, "The login API returns 500 on staging"));

        Attention inbox = claude.attention().read(AttentionQuery.defaults());

        assertThat(inbox.batons()).singleElement().satisfies(b -> assertThat(b.summary()).contains("form validation"));
        assertThat(inbox.unreadMessages()).hasSize(2);
        assertThat(inbox.unreadMessages().get(0).urgency()).isEqualTo(MessageUrgency.BLOCKING);
        assertThat(inbox.blocking()).isTrue();
        assertThat(inbox.blockers()).singleElement().satisfies(b -> assertThat(b.preview()).contains("500 on staging"));
        assertThat(inbox.recentOtherClaims()).singleElement()
                .satisfies(c -> assertThat(c.filePath()).isEqualTo("src/Form.java"));
        assertThat(inbox.hotFiles()).singleElement().satisfies(h -> assertThat(h.events()).isEqualTo(2));
        assertThat(inbox.stalledLanes()).isEmpty();
        assertThat(inbox.staleClaims().count()).isZero();

        Attention senders = codex.attention().read(AttentionQuery.defaults());
        assertThat(senders.batons()).as("the sender is not asked to accept its own handoff").isEmpty();
        assertThat(senders.unreadMessages()).isEmpty();
        assertThat(senders.recentOtherClaims()).as("own claims are not news").isEmpty();

        clock.advance(Duration.ofMinutes(20));
        claude.sessions().heartbeat(claudeSession.id());
        Attention later = claude.attention().read(AttentionQuery.defaults());
        assertThat(later.stalledLanes()).singleElement().satisfies(lane -> {
            assertThat(lane.session()).isEqualTo(codexSession.id());
            assertThat(lane.activity()).isEqualTo(LaneActivity.STALLED);
        });
        assertThat(later.recentOtherClaims()).as("20 minutes old: inside the 30-minute window").hasSize(1);

        clock.advance(Duration.ofHours(5));
        claude.sessions().heartbeat(claudeSession.id());
        Attention stale = claude.attention().read(AttentionQuery.defaults());
        assertThat(stale.recentOtherClaims()).isEmpty();
        assertThat(stale.staleClaims().count()).isEqualTo(1);
        assertThat(stale.staleClaims().topBranches()).containsExactly("feature/login");
        assertThat(stale.stalledLanes()).singleElement().satisfies(lane ->
                assertThat(lane.activity()).isEqualTo(LaneActivity.DEAD));
        assertThat(stale.blockers()).as("a blocker stays for a day").hasSize(1);
        clock.advance(Duration.ofHours(19));
        claude.sessions().heartbeat(claudeSession.id());
        assertThat(claude.attention().read(AttentionQuery.defaults()).blockers()).isEmpty();
    }

    @Test
    void aNonMemberSeesNothingInTheInbox() {
        codex.claims().claim(task, "src/Form.java", null);
        codex.handoffs().handOff(HandoffRequest.of(task, "any", "Anyone: finish the form"));
        codex.messages().send(MessageDraft.to(task, "Broadcast to every agent").withToAgent("any"));
        codex.tasks().post(task, PostDraft.of(PostKind.BLOCKER, "Blocked on credentials"));

        Attention inbox = bob.attention().read(AttentionQuery.defaults());

        assertThat(inbox.batons()).isEmpty();
        assertThat(inbox.unreadMessages()).isEmpty();
        assertThat(inbox.blockers()).isEmpty();
        assertThat(inbox.stalledLanes()).isEmpty();
        assertThat(inbox.recentOtherClaims()).isEmpty();
        assertThat(inbox.hotFiles()).isEmpty();
        assertThat(inbox.staleClaims().count()).isZero();
        assertThatThrownBy(() -> bob.attention().read(new AttentionQuery(Set.of(), Set.of(task), 5,
                Duration.ofMinutes(30), 10, Duration.ofMinutes(30), 5)))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND);
                    assertThat(e.field()).isEqualTo("task_ids[0]");
                });
    }

    private static LaneActivity activityOf(CallerScope viewer, Session session) {
        return lane(viewer, session).activity();
    }

    private static Lane lane(CallerScope viewer, Session session) {
        return viewer.lanes().list(new LaneQuery(Set.of(), true, 100)).stream()
                .filter(lane -> lane.session().equals(session.id())).findFirst().orElseThrow();
    }
}
