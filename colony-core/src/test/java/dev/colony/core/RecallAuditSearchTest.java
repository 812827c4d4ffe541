package dev.colony.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colony.api.CallerScope;
import dev.colony.api.MemoryId;
import dev.colony.api.memory.Memory;
import dev.colony.api.memory.MemoryDraft;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchQuery;
import dev.colony.api.session.Session;
import dev.colony.api.session.SessionStart;
import dev.colony.store.tck.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The audit memories that {@code recallSession} writes stay out of default searches: an agent that
 * recalls often must not bury its real memories under its own audit trail, yet can still ask for
 * the trail by kind.
 */
class RecallAuditSearchTest {

    private static final int RECALLS = 50;

    private final MutableClock clock = new MutableClock(ColonyTestSupport.START);
    private final Colony colony = ColonyTestSupport.inMemory(clock);
    private final Session session = colony.sessions().ensure(SessionStart.of("alice", "claude-code"));
    private final CallerScope alice = colony.as(session.actor());

    @AfterEach
    void close() {
        colony.close();
    }

    @Test
    void manyRecallAuditsDoNotCrowdOutARealHit() {
        // The fact shares every query word with the audits, and is longer, so on BM25 alone the
        // short audits would outrank it and fill the page.
        Memory fact = alice.memories().add(MemoryDraft.of(MemoryKind.FACT,
                "Recalled memories of the release session show that the staging database password "
                        + "rotates every Monday, that the runbook lives in the operations wiki under the "
                        + "platform space, that the on-call engineer approves each rotation in the change "
                        + "calendar before noon, and that the previous password stays valid for one more "
                        + "day so that long batch jobs started over the weekend can finish"));
        List<MemoryId> audits = new ArrayList<>();
        for (int i = 0; i < RECALLS; i++) {
            clock.advance(Duration.ofSeconds(1));
            audits.add(alice.memories().recallSession(session.id(), null, 5).recallMemory());
        }
        String query = "recalled memories of session";

        List<SearchHit> hits = alice.memories().search(SearchQuery.of(query));

        assertThat(hits).extracting(SearchHit::id).containsExactly(fact.id());
        List<SearchHit> recalls = alice.memories().search(SearchQuery.of(query).withLimit(100)
                .withKinds(Set.of(MemoryKind.RECALL)));
        assertThat(recalls).extracting(SearchHit::id).containsExactlyInAnyOrderElementsOf(audits);
        List<SearchHit> both = alice.memories().search(SearchQuery.of(query).withLimit(100)
                .withKinds(Set.of(MemoryKind.RECALL, MemoryKind.FACT)));
        assertThat(both).hasSize(RECALLS + 1).extracting(SearchHit::id).contains(fact.id());
        assertThat(both.get(0).kind()).as("on BM25 alone an audit ranks first").isEqualTo(MemoryKind.RECALL);
    }
}
