package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.message.BroadcastClaim;
import dev.colony.api.message.Message;
import dev.colony.api.message.MessageDraft;
import dev.colony.api.message.MessageQuery;
import dev.colony.api.message.MessageStatus;
import dev.colony.api.message.MessageUrgency;
import dev.colony.api.message.Messages;
import dev.colony.api.message.ReadReceipt;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Directed messages through the caller scope, on H2 in memory with a Lucene index and a test clock. */
class MessagesTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session claudeSession = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final Session codexSession = colony.sessions().ensure(SessionStart.of("alice", "codex"));
    private final Session geminiSession = colony.sessions().ensure(SessionStart.of("alice", "gemini"));
    private final Messages claude = colony.as(claudeSession.actor()).messages();
    private final Messages codex = colony.as(codexSession.actor()).messages();
    private final Messages gemini = colony.as(geminiSession.actor()).messages();
    private final TaskId task = MessageFixtures.thread(colony, claudeSession, "/work/shop", "feature/billing",
            codexSession, geminiSession);

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void directedRoundTripSendListMarkReadReply() {
        Message sent = claude.send(MessageDraft.to(task, "Can you re-run the billing typecheck on your branch?")
                .withToAgent("codex").withUrgency(MessageUrgency.NEEDS_REPLY));
        assertThat(sent.status()).isEqualTo(MessageStatus.UNREAD);
        assertThat(sent.fromAgent()).isEqualTo("claude-code");
        assertThat(sent.version()).isEqualTo(1);

        List<Message> inbox = codex.inbox(MessageQuery.unread());
        assertThat(inbox).extracting(Message::id).containsExactly(sent.id());
        assertThat(inbox.get(0).preview()).isEqualTo("Can you re-run the billing typecheck on your branch?");
        assertThat(codex.inbox(MessageQuery.unread())).as("listing does not mark read").hasSize(1);
        assertThat(gemini.inbox(MessageQuery.unread())).as("not addressed to gemini").isEmpty();
        assertThat(claude.inbox(MessageQuery.unread())).as("the sender is not a recipient").isEmpty();

        assertThat(codex.markRead(sent.id(), task)).isEqualTo(MessageStatus.READ);
        assertThat(codex.markRead(sent.id(), null)).as("idempotent").isEqualTo(MessageStatus.READ);
        List<ReadReceipt> receipts = claude.receipts(sent.id());
        assertThat(receipts).singleElement().satisfies(receipt -> {
            assertThat(receipt.session()).isEqualTo(codexSession.id());
            assertThat(receipt.agent()).isEqualTo("codex");
            assertThat(receipt.readAt()).isEqualTo(ColonyTestSupport.START);
        });
        Memory receiptMemory = colony.as(claudeSession.actor()).memories().get(List.of(receipts.get(0).receipt())).get(0);
        assertThat(receiptMemory.kind().name()).isEqualTo("message_read");
        assertThat(receiptMemory.task()).isEqualTo(task);
        assertThat(codex.inbox(MessageQuery.unread())).isEmpty();

        clock.advance(Duration.ofMinutes(3));
        Message reply = codex.send(MessageDraft.to(task, "Typecheck is green on feature/billing.")
                .withToAgent("claude").withReplyTo(sent.id()));
        assertThat(reply.replyTo()).isEqualTo(sent.id());
        assertThat(stored(sent.id())).isEqualTo(MessageStatus.REPLIED);
        assertThat(claude.inbox(MessageQuery.unread())).as("'claude' reaches claude-code").extracting(Message::id)
                .containsExactly(reply.id());
        Memory body = colony.as(claudeSession.actor()).memories().get(List.of(reply.id())).get(0);
        assertThat(body.kind().name()).isEqualTo("message");
        assertThat(body.replyTo()).isEqualTo(sent.id());
        assertThat(body.content()).isEqualTo("Typecheck is green on feature/billing.");
    }

    @Test
    void onlyTheImmediateParentFlipsToReplied() {
        Message first = claude.send(MessageDraft.to(task, "Where do the invoice PDFs get rendered?").withToAgent("codex"));
        Message followUp = claude.send(MessageDraft.to(task, "Also: which queue feeds the renderer?")
                .withToAgent("codex").withReplyTo(first.id()));
        assertThat(stored(first.id())).as("the sender's own follow-up answers nothing")
                .isEqualTo(MessageStatus.UNREAD);

        codex.send(MessageDraft.to(task, "The pdf-render queue.").withToAgent("claude-code").withReplyTo(followUp.id()));

        assertThat(stored(followUp.id())).isEqualTo(MessageStatus.REPLIED);
        assertThat(stored(first.id())).isEqualTo(MessageStatus.UNREAD);
    }

    @Test
    void broadcastsAreClaimedOnceAndDisappearForOthers() {
        Message broadcast = claude.send(MessageDraft.to(task, "Anyone free to review the refund migration?"));
        assertThat(broadcast.toAgent()).isEqualTo(Messages.ANY_AGENT);
        assertThat(broadcast.isClaimableBroadcast()).isTrue();
        assertThat(codex.inbox(MessageQuery.unread())).extracting(Message::id).containsExactly(broadcast.id());
        assertThat(gemini.inbox(MessageQuery.unread())).extracting(Message::id).containsExactly(broadcast.id());

        clock.advance(Duration.ofSeconds(5));
        BroadcastClaim claim = codex.claim(broadcast.id(), task);
        assertThat(claim.session()).isEqualTo(codexSession.id());
        assertThat(claim.agent()).isEqualTo("codex");
        assertThat(claim.claimedAt()).isEqualTo(ColonyTestSupport.START.plusSeconds(5));
        assertThat(codex.claim(broadcast.id(), null)).as("idempotent for the claimer").isEqualTo(claim);

        assertThat(gemini.inbox(MessageQuery.unread())).isEmpty();
        assertThat(gemini.inbox(MessageQuery.unread().withAllStatuses())).isEmpty();
        List<Message> codexView = codex.inbox(MessageQuery.unread());
        assertThat(codexView).singleElement().satisfies(message -> {
            assertThat(message.claimedBySession()).isEqualTo(codexSession.id());
            assertThat(message.isClaimableBroadcast()).isFalse();
        });
        assertRefused(() -> gemini.claim(broadcast.id(), task), ErrorCode.ALREADY_CLAIMED, "message_observation_id");
        assertRefused(() -> gemini.markRead(broadcast.id(), task), ErrorCode.ALREADY_CLAIMED,
                "message_observation_id");
        assertRefused(() -> gemini.send(MessageDraft.to(task, "I can").withReplyTo(broadcast.id())),
                ErrorCode.ALREADY_CLAIMED, "reply_to");
    }

    @Test
    void replyingToAnUnclaimedBroadcastClaimsIt() {
        Message broadcast = claude.send(MessageDraft.to(task, "Who owns the tax rounding bug?"));

        gemini.send(MessageDraft.to(task, "Mine, fixing it now.").withToAgent("claude").withReplyTo(broadcast.id()));

        Message after = colony.as(geminiSession.actor()).messages().inbox(MessageQuery.unread().withAllStatuses())
                .stream().filter(message -> message.id().equals(broadcast.id())).findFirst().orElseThrow();
        assertThat(after.status()).isEqualTo(MessageStatus.REPLIED);
        assertThat(after.claimedBySession()).isEqualTo(geminiSession.id());
        assertThat(codex.inbox(MessageQuery.unread().withAllStatuses())).isEmpty();
        assertRefused(() -> codex.claim(broadcast.id(), task), ErrorCode.ALREADY_CLAIMED, "message_observation_id");
    }

    @Test
    void retractionHidesTheMessageButKeepsItsBodySearchable() {
        Message sent = claude.send(MessageDraft.to(task, "Please drop the zeppelin feature flag table tonight.")
                .withToAgent("codex").withUrgency(MessageUrgency.BLOCKING));
        assertRefused(() -> codex.retract(sent.id(), task, null), ErrorCode.NOT_SENDER, "message_observation_id");

        Message retracted = claude.retract(sent.id(), task, "wrong table");
        assertThat(retracted.status()).isEqualTo(MessageStatus.RETRACTED);
        assertThat(retracted.version()).isEqualTo(2);

        assertThat(codex.inbox(MessageQuery.unread())).isEmpty();
        assertThat(codex.inbox(MessageQuery.unread().withAllStatuses())).isEmpty();
        assertThat(codex.unreadByUrgency(10)).isEmpty();
        assertRefused(() -> claude.retract(sent.id(), task, null), ErrorCode.ALREADY_RETRACTED, "message_observation_id");
        assertRefused(() -> codex.markRead(sent.id(), task), ErrorCode.ALREADY_RETRACTED, "message_observation_id");
        assertRefused(() -> codex.send(MessageDraft.to(task, "ok").withReplyTo(sent.id())), ErrorCode.ALREADY_RETRACTED,
                "reply_to");

        var memories = colony.as(codexSession.actor()).memories();
        assertThat(memories.search(SearchQuery.of("zeppelin feature flag"))).extracting(hit -> hit.id())
                .containsExactly(sent.id());
        assertThat(memories.get(List.of(sent.id())).get(0).retracted()).isTrue();
    }

    @Test
    void aRepliedMessageCannotBeRetracted() {
        Message sent = claude.send(MessageDraft.to(task, "Is staging up?").withToAgent("codex"));
        codex.send(MessageDraft.to(task, "Yes.").withToAgent("claude").withReplyTo(sent.id()));

        assertRefused(() -> claude.retract(sent.id(), null, "never mind"), ErrorCode.ALREADY_REPLIED,
                "message_observation_id");
    }

    @Test
    void unreadMessagesExpireOnTheClockAndTheExpiryIsWrittenBack() {
        Message sent = claude.send(MessageDraft.to(task, "Ping me before you deploy.").withToAgent("codex")
                .withTimeToLive(Duration.ofMinutes(30)));
        Message broadcast = claude.send(MessageDraft.to(task, "Someone take the flaky test?")
                .withTimeToLive(Duration.ofMinutes(30)));
        assertThat(sent.expiresAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(30)));

        clock.advance(Duration.ofMinutes(29));
        assertThat(codex.inbox(MessageQuery.unread())).hasSize(2);

        clock.advance(Duration.ofMinutes(1));
        assertThat(codex.inbox(MessageQuery.unread())).as("hidden at the expiry instant").isEmpty();
        assertThat(codex.inbox(MessageQuery.unread().withAllStatuses())).extracting(Message::status)
                .containsExactly(MessageStatus.EXPIRED, MessageStatus.EXPIRED);
        assertThat(stored(sent.id())).as("a read does not write").isEqualTo(MessageStatus.UNREAD);

        assertRefused(() -> codex.markRead(sent.id(), task), ErrorCode.MESSAGE_EXPIRED, "message_observation_id");
        assertThat(stored(sent.id())).as("written back on touch").isEqualTo(MessageStatus.EXPIRED);
        assertRefused(() -> codex.markRead(sent.id(), task), ErrorCode.MESSAGE_EXPIRED, "message_observation_id");
        assertRefused(() -> gemini.claim(broadcast.id(), task), ErrorCode.MESSAGE_EXPIRED, "message_observation_id");
        assertThat(stored(broadcast.id())).isEqualTo(MessageStatus.EXPIRED);
        assertThat(codex.receipts(sent.id())).isEmpty();
    }

    @Test
    void timeToLiveIsBoundedBySevenDays() {
        assertRefused(() -> claude.send(MessageDraft.to(task, "x").withTimeToLive(Duration.ofDays(7).plusMinutes(1))),
                ErrorCode.INVALID_ARGUMENT, "expires_in_minutes");
        assertRefused(() -> claude.send(MessageDraft.to(task, "x").withTimeToLive(Duration.ZERO)),
                ErrorCode.INVALID_ARGUMENT, "expires_in_minutes");
        Message longest = claude.send(MessageDraft.to(task, "x").withTimeToLive(Duration.ofDays(7)));
        assertThat(longest.expiresAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofDays(7)));
    }

    @Test
    void unreadByUrgencyPutsBlockingFirst() {
        Message fyi = claude.send(MessageDraft.to(task, "fyi: docs moved").withToAgent("codex"));
        Message blocking = claude.send(MessageDraft.to(task, "blocked on your lock file").withToAgent("codex")
                .withUrgency(MessageUrgency.BLOCKING));
        Message question = claude.send(MessageDraft.to(task, "which port?").withToAgent("codex")
                .withUrgency(MessageUrgency.NEEDS_REPLY));
        Message laterFyi = claude.send(MessageDraft.to(task, "fyi: CI is slow today").withToAgent("codex"));

        assertThat(codex.unreadByUrgency(10)).extracting(Message::id)
                .containsExactly(blocking.id(), question.id(), laterFyi.id(), fyi.id());
        assertThat(codex.inbox(MessageQuery.unread())).extracting(Message::id)
                .containsExactly(laterFyi.id(), question.id(), blocking.id(), fyi.id());
        assertThat(codex.inbox(MessageQuery.unread().withLimit(2))).hasSize(2);
    }

    @Test
    void addressingRulesAndReferenceErrorsNameTheirField() {
        Message toCodex = claude.send(MessageDraft.to(task, "for codex").withToAgent("codex"));
        Message toSession = claude.send(MessageDraft.to(task, "for one session").withToSession(codexSession.id()));
        TaskId otherTask = MessageFixtures.thread(colony, claudeSession, "/work/shop", "feature/other",
                codexSession);
        Memory plain = colony.as(claudeSession.actor()).memories().add(MemoryDraft.of(MemoryKind.NOTE, "a plain note")
                .withTask(task));

        assertRefused(() -> gemini.markRead(toCodex.id(), task), ErrorCode.NOT_TARGET_AGENT, "message_observation_id");
        assertRefused(() -> gemini.markRead(toSession.id(), task), ErrorCode.NOT_TARGET_SESSION,
                "message_observation_id");
        assertRefused(() -> claude.markRead(toCodex.id(), task), ErrorCode.NOT_TARGET_SESSION, "message_observation_id");
        assertRefused(() -> codex.claim(toCodex.id(), task), ErrorCode.NOT_BROADCAST, "message_observation_id");
        assertRefused(() -> codex.markRead(toCodex.id(), otherTask), ErrorCode.TASK_MISMATCH, "task_id");
        assertRefused(() -> codex.markRead(plain.id(), task), ErrorCode.NOT_MESSAGE, "message_observation_id");
        assertRefused(() -> codex.markRead(MemoryId.of(999_999), task), ErrorCode.NOT_FOUND, "message_observation_id");
        assertRefused(() -> codex.send(MessageDraft.to(otherTask, "re").withReplyTo(toCodex.id())),
                ErrorCode.OBSERVATION_NOT_ON_TASK, "reply_to");
        assertRefused(() -> codex.send(MessageDraft.to(task, "re").withReplyTo(plain.id())), ErrorCode.NOT_MESSAGE,
                "reply_to");
        assertRefused(() -> codex.send(MessageDraft.to(task, "re").withReplyTo(MemoryId.of(999_999))),
                ErrorCode.NOT_FOUND, "reply_to");
        assertRefused(() -> codex.send(MessageDraft.to(TaskId.of(999_999), "hello")), ErrorCode.NOT_FOUND, "task_id");
        assertRefused(() -> codex.send(MessageDraft.to(task, "hello").withToSession(SessionId.of("nobody"))),
                ErrorCode.SESSION_NOT_FOUND, "to_session_id");
        assertRefused(() -> codex.send(MessageDraft.to(task, " \u200b ")), ErrorCode.INVALID_ARGUMENT, "content");
        assertRefused(() -> codex.inbox(MessageQuery.unread().withLimit(0)), ErrorCode.INVALID_ARGUMENT, "limit");

        assertThat(codex.markRead(toSession.id(), task)).isEqualTo(MessageStatus.READ);
        assertThat(codex.inbox(MessageQuery.unread().withTasks(List.of(otherTask)))).isEmpty();
        assertThat(codex.inbox(MessageQuery.unread().withTasks(List.of(task)))).extracting(Message::id)
                .containsExactly(toCodex.id());
        assertThat(codex.inbox(MessageQuery.unread().withSince(ColonyTestSupport.START.plusSeconds(1)))).isEmpty();
    }

    @Test
    void onlySessionsThatJoinedTheThreadSeeItsMessagesUnlessNamed() {
        Session cursorSession = colony.sessions().ensure(SessionStart.of("alice", "cursor"));
        Messages cursor = colony.as(cursorSession.actor()).messages();
        Message broadcast = claude.send(MessageDraft.to(task, "Anyone know why the lint job is red?"));
        Message named = claude.send(MessageDraft.to(task, "Please pick up the i18n strings.")
                .withToSession(cursorSession.id()));

        assertThat(cursor.inbox(MessageQuery.unread())).extracting(Message::id).containsExactly(named.id());
        assertRefused(() -> cursor.markRead(broadcast.id(), task), ErrorCode.NOT_PARTICIPANT, "session_id");
        assertRefused(() -> cursor.claim(broadcast.id(), task), ErrorCode.NOT_PARTICIPANT, "session_id");
        assertThat(cursor.markRead(named.id(), task)).isEqualTo(MessageStatus.READ);

        colony.as(cursorSession.actor()).tasks().join(task);
        assertThat(cursor.inbox(MessageQuery.unread())).extracting(Message::id).containsExactly(broadcast.id());
        assertThat(cursor.claim(broadcast.id(), task).session()).isEqualTo(cursorSession.id());
    }

    @Test
    void sendingJoinsTheSenderAndMovesTheThreadForward() {
        Session cursorSession = colony.sessions().ensure(SessionStart.of("alice", "cursor"));
        long versionBefore = colony.as(claudeSession.actor()).tasks().get(task).version();
        clock.advance(Duration.ofMinutes(1));

        colony.as(cursorSession.actor()).messages().send(MessageDraft.to(task, "Joining to help with billing."));

        assertThat(colony.as(claudeSession.actor()).tasks().isParticipant(task, cursorSession.id())).isTrue();
        var thread = colony.as(claudeSession.actor()).tasks().get(task);
        assertThat(thread.version()).isGreaterThan(versionBefore);
        assertThat(thread.updatedAt()).isEqualTo(ColonyTestSupport.START.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aNonMemberSeesNothingOfAnothersMessages() {
        Message sent = claude.send(MessageDraft.to(task, "Secret rollout plan for the orbital release"));
        Session bobSession = colony.sessions().ensure(SessionStart.of("bob", "codex"));
        Messages bob = colony.as(bobSession.actor()).messages();

        assertThat(bob.inbox(MessageQuery.unread().withAllStatuses())).isEmpty();
        assertThat(bob.unreadByUrgency(50)).isEmpty();
        assertRefused(() -> bob.markRead(sent.id(), null), ErrorCode.NOT_FOUND, "message_observation_id");
        assertRefused(() -> bob.claim(sent.id(), null), ErrorCode.NOT_FOUND, "message_observation_id");
        assertRefused(() -> bob.retract(sent.id(), null, null), ErrorCode.NOT_FOUND, "message_observation_id");
        assertRefused(() -> bob.receipts(sent.id()), ErrorCode.NOT_FOUND, "message_observation_id");
        assertRefused(() -> bob.send(MessageDraft.to(task, "hi")), ErrorCode.NOT_FOUND, "task_id");
        assertThat(colony.as(bobSession.actor()).memories().search(SearchQuery.of("orbital release"))).isEmpty();
        assertThat(codex.inbox(MessageQuery.unread())).extracting(Message::id).containsExactly(sent.id());
    }

    @Test
    void anAgentOverviewNeedsNoSessionAndLeavesOutOthersClaims() {
        Message toCodex = claude.send(MessageDraft.to(task, "Rebase onto the new schema").withToAgent("codex"));
        Message toGemini = claude.send(MessageDraft.to(task, "Check the French strings").withToAgent("gemini"));
        Message broadcast = claude.send(MessageDraft.to(task, "Who can look at the slow query?"));
        gemini.claim(broadcast.id(), task);
        Messages viewer = colony.as(new dev.colony.api.Actor(claudeSession.user(), "colony-cli",
                SessionId.of("colony-cli"))).messages();

        assertThat(viewer.addressedToAgent("codex", MessageQuery.unread())).extracting(Message::id)
                .containsExactly(toCodex.id());
        assertThat(viewer.addressedToAgent("Gemini", MessageQuery.unread())).extracting(Message::id)
                .containsExactly(broadcast.id(), toGemini.id());
        assertThat(viewer.addressedToAgent("claude-code", MessageQuery.unread())).isEmpty();
        assertRefused(() -> viewer.addressedToAgent(" ", MessageQuery.unread()), ErrorCode.INVALID_ARGUMENT, "agent");
        Session bobSession = colony.sessions().ensure(SessionStart.of("bob", "codex"));
        assertThat(colony.as(bobSession.actor()).messages().addressedToAgent("codex", MessageQuery.unread()))
                .as("another user's messages stay invisible").isEmpty();
    }

    @Test
    void readReceiptsAreHiddenFromDefaultSearch() {
        Message sent = claude.send(MessageDraft.to(task, "Kestrel cache warmup finished").withToAgent("codex"));
        codex.markRead(sent.id(), task);
        var memories = colony.as(claudeSession.actor()).memories();

        assertThat(memories.search(SearchQuery.of("read message"))).isEmpty();
        assertThat(memories.search(SearchQuery.of("read message").withKinds(Set.of(MemoryKind.of("message_read")))))
                .hasSize(1);
    }

    /** The status as stored, without the expiry a read computes. */
    private MessageStatus stored(MemoryId id) {
        return colony.storage().read(tx -> tx.messages().find(id)).map(stored -> stored.status()).orElseThrow();
    }

    private static void assertRefused(ThrowingCallable call, ErrorCode code, String field) {
        ColonyException error = catchThrowableOfType(ColonyException.class, call);
        assertThat(error).as("expected %s", code).isNotNull();
        assertThat(error.code()).as(error.getMessage()).isEqualTo(code);
        assertThat(error.field()).as(error.getMessage()).isEqualTo(field);
    }
}
