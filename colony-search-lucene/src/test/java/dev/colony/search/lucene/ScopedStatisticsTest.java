package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.memory.SearchHit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Ranking statistics come only from what the caller may read: another user's private memories,
 * whether in segments of their own or mixed into the caller's, move neither the order nor the score
 * of the caller's hits.
 */
class ScopedStatisticsTest {

    private static final long ALICE = 1;
    private static final long BOB = 2;
    private static final List<String> ALICE_MEMORIES = List.of(
            "The deploy key for staging rotates every Monday",
            "Deploy pipeline runs nightly and posts to the release channel",
            "Lunch order for the offsite is in the shared sheet",
            "Rotation schedule for on-call lives in the team wiki, next to the key handover checklist");
    private static final String QUERY = "deploy key rotation";

    private final List<LuceneSearchIndex> indexes = new ArrayList<>();

    @AfterEach
    void close() {
        indexes.forEach(LuceneSearchIndex::close);
    }

    @Test
    void anotherUsersLaterPrivateWritesDoNotMoveTheCallersScores() {
        ListMemorySource source = new ListMemorySource("store-1");
        ALICE_MEMORIES.forEach(text -> source.memory(text).namespace(ALICE).add());
        LuceneSearchIndex index = open(source);
        Map<String, Double> before = scores(index, ALICE);

        for (int i = 0; i < 30; i++) {
            source.memory("private: deploy key " + i + " for the payments cluster, deploy only from the vault")
                    .namespace(BOB).add();
        }
        source.memory("a very long private note " + "about many other things ".repeat(200)).namespace(BOB).add();
        Map<String, Double> after = scores(index, ALICE);

        assertSameScores(after, before);
        // Over both namespaces the statistics do change: the check above could fail.
        double shared = index.search(query(QUERY).namespaces(ALICE, BOB).limit(50).build()).stream()
                .filter(hit -> hit.id().value() == 1).findFirst().orElseThrow().score();
        assertThat(shared).isNotCloseTo(before.get(ALICE_MEMORIES.get(0)), within(1e-3));
    }

    @Test
    void privateMemoriesMixedIntoTheCallersSegmentsDoNotMoveItsScores() {
        // Each writes in a session of its own, so every memory but the first of each has its predecessor's
        // text as context, whose statistics must be scoped too.
        ListMemorySource alone = new ListMemorySource("store-alone");
        ALICE_MEMORIES.forEach(text -> alone.memory(text).namespace(ALICE).session("alice").add());
        Map<String, Double> expected = scores(open(alone), ALICE);

        ListMemorySource mixed = new ListMemorySource("store-mixed");
        for (int i = 0; i < ALICE_MEMORIES.size(); i++) {
            mixed.memory("deploy deploy key rotation secret number " + i).namespace(BOB).session("bob").add();
            mixed.memory(ALICE_MEMORIES.get(i)).namespace(ALICE).session("alice").add();
            mixed.memory("unrelated words of another team " + i).namespace(3).session("team").add();
        }
        LuceneSearchIndex index = open(mixed);

        assertSameScores(scores(index, ALICE), expected);
        assertThat(index.search(query(QUERY).namespaces(BOB).limit(50).build())).hasSize(ALICE_MEMORIES.size());
    }

    private LuceneSearchIndex open(ListMemorySource source) {
        LuceneSearchIndex index = LuceneSearch.inMemory().open(source);
        indexes.add(index);
        return index;
    }

    /** The caller's hits for the query, in rank order, by content. */
    private static Map<String, Double> scores(LuceneSearchIndex index, long namespace) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (SearchHit hit : index.search(query(QUERY).namespaces(namespace).limit(50).build())) {
            scores.put(hit.snippet(), hit.score());
        }
        return scores;
    }

    private static void assertSameScores(Map<String, Double> actual, Map<String, Double> expected) {
        assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
        expected.forEach((text, score) -> assertThat(actual.get(text)).as(text).isCloseTo(score, within(1e-6)));
    }
}
