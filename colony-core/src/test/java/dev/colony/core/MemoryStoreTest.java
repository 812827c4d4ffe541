package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.Actor;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.SessionId;
import dev.colony.api.TaskId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.MemoryStore;
import dev.colony.api.memory.RecallResult;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.memory.TimelineEntry;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MemoryStoreTest {

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Actor claude = colony.sessions()
            .ensure(SessionStart.of("alice", "claude-code").withId(SessionId.of("claude-1"))).actor();
    private final Actor codex = colony.sessions()
            .ensure(SessionStart.of("alice", "codex").withId(SessionId.of("codex-1")).withIde("codex")).actor();
    private final MemoryStore claudeMemory = colony.as(claude).memories();
    private final MemoryStore codexMemory = colony.as(codex).memories();

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void addStoresEveryFieldAndNormalisesTopics() {
        Memory added = claudeMemory.add(MemoryDraft.of(MemoryKind.DECISION,
                        "Auth tokens are JWTs signed with RS256 so the gateway verifies them offline")
                .withTopics(List.of(" JWT", "auth", "jwt"))
                .withMacroTopics(List.of("Gateway"))
                .withPointers("ab12cd34", "src/auth/Tokens.java")
                .withMetadata(Map.of("files", List.of("Tokens.java"), "confidence", 0.9)));

        Memory read = claudeMemory.get(List.of(added.id())).get(0);
        assertThat(read).isEqualTo(added);
        assertThat(read.topics()).as("the ref and the artifact join the topics of a typed memory")
                .containsExactly("jwt", "auth", "ab12cd34", "src/auth/tokens.java");
        assertThat(read.macroTopics()).containsExactly("gateway");
        assertThat(read.session()).isEqualTo(claude.session());
        assertThat(read.createdAt()).isEqualTo(ColonyTestSupport.START);
        assertThat(read.metadata()).containsEntry("files", List.of("Tokens.java"));
    }

    @Test
    void agentsOfOneUserFindEachOthersMemories() {
        Memory decision = claudeMemory.add(MemoryDraft.of(MemoryKind.DECISION,
                "Payments retry uses exponential backoff capped at 30 seconds"));
        codexMemory.add(MemoryDraft.of(MemoryKind.FACT, "The CI cache lives in the gradle folder"));

        List<SearchHit> hits = codexMemory.search(SearchQuery.of("payments backoff"));

        assertThat(hits).extracting(SearchHit::id).first().isEqualTo(decision.id());
        assertThat(hits.get(0).session()).isEqualTo(claude.session());
        assertThat(hits.get(0).kind()).isEqualTo(MemoryKind.DECISION);
    }

    @Test
    void otherUsersCannotSeeMemories() {
        Memory secret = claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Alice keeps the staging password in vault"));
        MemoryStore bob = colony.as(colony.sessions().ensure(SessionStart.of("bob", "codex")).actor()).memories();

        assertThat(bob.search(SearchQuery.of("staging password vault"))).isEmpty();
        assertThatThrownBy(() -> bob.get(List.of(secret.id())))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThatThrownBy(() -> bob.timeline(claude.session(), null, 10))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
    }

    @Test
    void searchFiltersByKindSessionAndTime() {
        claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Redis caches the session tokens"));
        clock.advance(Duration.ofHours(1));
        Memory decision = codexMemory.add(MemoryDraft.of(MemoryKind.DECISION, "Redis stays on version 7 for session tokens"));

        assertThat(claudeMemory.search(SearchQuery.of("redis tokens").withKinds(Set.of(MemoryKind.DECISION))))
                .extracting(SearchHit::id).containsExactly(decision.id());
        assertThat(claudeMemory.search(SearchQuery.of("redis tokens").withSession(codex.session())))
                .extracting(SearchHit::id).containsExactly(decision.id());
        assertThat(claudeMemory.search(SearchQuery.of("redis tokens")
                .withTimeRange(ColonyTestSupport.START.plusSeconds(60), null)))
                .extracting(SearchHit::id).containsExactly(decision.id());
    }

    @Test
    void getKeepsTheAskedOrderAndReportsEveryMissingId() {
        Memory a = claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "First fact about the build"));
        Memory b = claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Second fact about the build"));

        assertThat(claudeMemory.get(List.of(b.id(), a.id(), b.id()))).extracting(Memory::id)
                .containsExactly(b.id(), a.id());
        assertThatThrownBy(() -> claudeMemory.get(List.of(a.id(), MemoryId.of(9_998), MemoryId.of(9_999))))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND);
                    assertThat(e.getMessage()).contains("9998", "9999");
                });
    }

    @Test
    void timelineIsNewestFirstAndCentresOnAroundId() {
        List<MemoryId> ids = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            ids.add(claudeMemory.add(MemoryDraft.of(MemoryKind.NOTE, "Step " + i + " of the migration")).id());
        }

        assertThat(claudeMemory.timeline(claude.session(), null, 3)).extracting(TimelineEntry::id)
                .containsExactly(ids.get(8), ids.get(7), ids.get(6));
        assertThat(claudeMemory.timeline(claude.session(), ids.get(4), 5)).extracting(TimelineEntry::id)
                .containsExactly(ids.get(6), ids.get(5), ids.get(4), ids.get(3), ids.get(2));
        assertThatThrownBy(() -> claudeMemory.timeline(codex.session(), ids.get(4), 5))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("around_id"));
    }

    @Test
    void recallWritesAnAuditMemoryIntoTheCallersSession() {
        Memory first = codexMemory.add(MemoryDraft.of(MemoryKind.NOTE, "Codex found the flaky test in PaymentsIT"));
        Memory second = codexMemory.add(MemoryDraft.of(MemoryKind.NOTE, "Codex pinned the clock in PaymentsIT"));

        RecallResult recall = claudeMemory.recallSession(codex.session(), null, 20);

        assertThat(recall.session().id()).isEqualTo(codex.session());
        assertThat(recall.observations()).extracting(TimelineEntry::id).containsExactly(second.id(), first.id());
        Memory audit = claudeMemory.get(List.of(recall.recallMemory())).get(0);
        assertThat(audit.kind()).isEqualTo(MemoryKind.RECALL);
        assertThat(audit.session()).isEqualTo(claude.session());
        assertThat(audit.metadata())
                .containsEntry("recalled_session_id", "codex-1")
                .containsEntry("owner_ide", "codex")
                .containsEntry("observation_ids", List.of(second.id().value(), first.id().value()))
                .containsEntry("limit", 20L);
    }

    @Test
    void recallOfAMissingSessionWritesNothing() {
        long before = latestId(colony);

        assertThatThrownBy(() -> claudeMemory.recallSession(SessionId.of("ghost"), null, 20))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        MemoryStore ghost = colony.as(new Actor(claude.user(), "claude-code", SessionId.of("ghost"))).memories();
        assertThatThrownBy(() -> ghost.recallSession(codex.session(), null, 20))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        assertThat(latestId(colony)).isEqualTo(before);
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndWritesNothing() {
        long before = latestId(colony);
        String tooLong = "x".repeat(MemoryLimits.MAX_CONTENT_CHARS + 1);

        assertInvalid("content", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, null)));
        assertInvalid("content", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "   ")));
        assertInvalid("content", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, tooLong)));
        assertInvalid("kind", () -> claudeMemory.add(MemoryDraft.of(null, "Some fact")));
        assertInvalid("kind", () -> MemoryKind.of("Not A Kind"));
        assertInvalid("type", () -> MemoryKind.typed("type", "note"));
        assertInvalid("topics[1]", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withTopics(List.of("ok", " "))));
        assertInvalid("macro_topics", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withMacroTopics(List.of("a", "b", "c", "d"))));
        assertInvalid("expires_at", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withExpiresAt(ColonyTestSupport.START.minusSeconds(1))));
        assertInvalid("metadata.bad", () -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withMetadata(Map.of("bad", new Object()))));
        String hugeKey = "k".repeat(1_000_000);
        assertThatThrownBy(() -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withMetadata(Map.of(hugeKey, 1))))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.field()).startsWith("metadata.kkk").endsWith("…(1000000 chars)").hasSizeLessThan(100);
                    assertThat(e.getMessage()).hasSizeLessThan(250);
                });
        assertThatThrownBy(() -> MemoryKind.of("X".repeat(1_000_000)))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.getMessage()).hasSizeLessThan(200)
                        .endsWith("…(1000000 chars)'"));
        assertInvalid("ids", () -> claudeMemory.get(List.of()));
        assertInvalid("limit", () -> claudeMemory.timeline(claude.session(), null, 201));
        assertInvalid("limit", () -> claudeMemory.recallSession(codex.session(), null, 101));
        assertInvalid("query", () -> claudeMemory.search(SearchQuery.of(" ")));
        assertInvalid("limit", () -> claudeMemory.search(SearchQuery.of("x").withLimit(0)));

        assertThatThrownBy(() -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact").withTask(TaskId.of(77))))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThatThrownBy(() -> claudeMemory.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")
                .withReplyTo(MemoryId.of(77))))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThat(latestId(colony)).isEqualTo(before);
    }

    @Test
    void writesFromAMissingSessionAreRefused() {
        MemoryStore ghost = colony.as(new Actor(claude.user(), "claude-code", SessionId.of("ghost"))).memories();

        assertThatThrownBy(() -> ghost.add(MemoryDraft.of(MemoryKind.FACT, "Some fact")))
                .isInstanceOfSatisfying(ColonyException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
    }

    @Test
    void aClosedColonyRefusesWork() {
        colony.close();

        assertThatThrownBy(colony::sessions)
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CLOSED));
    }

    private static void assertInvalid(String field, Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
        });
    }


    private static long latestId(Colony colony) {
        return colony.storage().read(tx -> tx.memoryFeed().latestRev());
    }
}
