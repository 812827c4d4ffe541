package dev.colony.search.lucene;

import static dev.colony.search.lucene.Requests.ids;
import static dev.colony.search.lucene.Requests.plain;
import static dev.colony.search.lucene.Requests.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.MemoryLimits;
import dev.colony.api.memory.SearchHit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ranking, filters, snippets and query handling, on an in-memory index. */
class SearchBehaviourTest {

    private final ListMemorySource source = new ListMemorySource("store-1");
    private LuceneSearchIndex index;

    private LuceneSearchIndex index() {
        if (index == null) {
            index = LuceneSearch.inMemory().open(source);
        }
        return index;
    }

    @AfterEach
    void close() {
        if (index != null) {
            index.close();
        }
    }

    @Test
    void ranksMemoriesMatchingMoreAndRarerTermsFirst() {
        long both = source.add("SQLite busy timeout is set to five seconds in the store");
        long one = source.add("The store retries transactions with bounded backoff");
        long other = source.add("Handoffs expire after one hour");
        source.add("The store keeps vectors next to memories");

        List<SearchHit> hits = index().search(plain("sqlite store timeout"));

        assertThat(ids(hits)).first().isEqualTo(both);
        assertThat(ids(hits)).contains(one).doesNotContain(other);
        assertThat(hits).isSortedAccordingTo((a, b) -> Double.compare(b.score(), a.score()));
    }

    @Test
    void findsAReplyByTheWordsOfWhatItAnswersAfterWhatHoldsThemAndShowsItsOwnText() {
        long question = source.memory("Which region should the staging database move to?").session("s1").add();
        long reply = source.memory("Frankfurt: the latency to the office is lowest there").session("s1").add();
        long elsewhere = source.memory("Frankfurt office opens in May").session("s2").add();
        long lunch = source.memory("Lunch is at noon").session("s1").add();

        List<SearchHit> hits = index().search(plain("staging database region"));

        assertThat(ids(hits)).containsExactly(question, reply);
        assertThat(hits.get(1).snippet()).isEqualTo("Frankfurt: the latency to the office is lowest there");
        assertThat(ids(index().search(plain("frankfurt office")))).as("memories holding the words rank above "
                + "the one that has them only as context").hasSize(3).contains(elsewhere, reply).endsWith(lunch);
    }

    @Test
    void hitsCarryTheMemoryAttributes() {
        Instant created = Instant.parse("2025-03-04T05:06:07.123456789Z");
        long id = source.memory("Lanes classify sessions by heartbeat").session("codex-7").task(42)
                .kind(MemoryKind.DECISION).created(created).add();

        SearchHit hit = index().search(plain("heartbeat")).get(0);

        assertThat(hit.id().value()).isEqualTo(id);
        assertThat(hit.session().value()).isEqualTo("codex-7");
        assertThat(hit.kind()).isEqualTo(MemoryKind.DECISION);
        assertThat(hit.task().value()).isEqualTo(42);
        assertThat(hit.ts()).isEqualTo(created);
        assertThat(hit.score()).isPositive();
        assertThat(hit.snippet()).isEqualTo("Lanes classify sessions by heartbeat");
    }

    @Test
    void findsByTopicsMacroTopicsRefAndArtifact() {
        long topic = source.memory("first").topics("oauth", "tokens").add();
        long macro = source.memory("second").macroTopics("gnosis").add();
        long pointers = source.memory("third").pointers("task-77", "commit 9f8e7d6").add();

        assertThat(ids(index().search(plain("oauth")))).containsExactly(topic);
        assertThat(ids(index().search(plain("[gnosis]")))).containsExactly(macro);
        assertThat(ids(index().search(plain("task-77")))).containsExactly(pointers);
        assertThat(ids(index().search(plain("9f8e7d6")))).containsExactly(pointers);
    }

    @Test
    void limitsTheNumberOfHits() {
        for (int i = 0; i < 20; i++) {
            source.add("claim number " + i + " on a file");
        }
        assertThat(index().search(query("claim").limit(5).build())).hasSize(5);
    }

    @Test
    void alwaysFiltersByNamespace() {
        long mine = source.memory("deploy key rotation is weekly").namespace(1).add();
        long theirs = source.memory("deploy key rotation is monthly").namespace(2).add();

        assertThat(ids(index().search(query("deploy key").namespaces(1).build()))).containsExactly(mine);
        assertThat(ids(index().search(query("deploy key").namespaces(2).build()))).containsExactly(theirs);
        assertThat(ids(index().search(query("deploy key").namespaces(1, 2).build())))
                .containsExactlyInAnyOrder(mine, theirs);
        assertThat(index().search(query("deploy key").namespaces(3).build())).isEmpty();
    }

    @Test
    void filtersByKind() {
        long fact = source.memory("gradle cache lives in the home directory").add();
        long decision = source.memory("gradle was replaced by maven").kind(MemoryKind.DECISION).add();
        long note = source.memory("gradle daemon leaks memory").kind(MemoryKind.of("failed_approach")).add();

        assertThat(ids(index().search(query("gradle").kinds(MemoryKind.DECISION).build())))
                .containsExactly(decision);
        assertThat(ids(index().search(query("gradle").kinds(MemoryKind.FACT, MemoryKind.of("failed_approach"))
                .build()))).containsExactlyInAnyOrder(fact, note);
    }

    @Test
    void leavesOutExcludedKinds() {
        long fact = source.memory("recalled the deploy checklist").add();
        long recall = source.memory("recalled deploy").kind(MemoryKind.RECALL).add();
        long decision = source.memory("deploy on tuesdays").kind(MemoryKind.DECISION).add();

        assertThat(ids(index().search(query("recalled deploy").excluding(MemoryKind.RECALL).build())))
                .containsExactlyInAnyOrder(fact, decision);
        assertThat(ids(index().search(query("deploy").excluding(MemoryKind.RECALL, MemoryKind.DECISION).build())))
                .containsExactly(fact);
        assertThat(ids(index().search(query("recalled deploy").build()))).first().isEqualTo(recall);
        assertThat(ids(index().search(query("deploy").kinds(MemoryKind.DECISION, MemoryKind.FACT)
                .excluding(MemoryKind.DECISION).build()))).containsExactly(fact);
    }

    @Test
    void filtersBySession() {
        long a = source.memory("flaky test in the tck").session("claude-1").add();
        source.memory("flaky test in the mcp adapter").session("codex-2").add();

        assertThat(ids(index().search(query("flaky test").session("claude-1").build()))).containsExactly(a);
        assertThat(index().search(query("flaky test").session("nobody").build())).isEmpty();
    }

    @Test
    void filtersByTask() {
        long onTask = source.memory("migration V3 adds the claims table").task(7).add();
        source.memory("migration V4 adds the runs table").task(8).add();
        source.memory("migration naming follows flyway").add();

        assertThat(ids(index().search(query("migration").task(7).build()))).containsExactly(onTask);
    }

    @Test
    void filtersByCreationTimeSinceInclusiveUntilExclusive() {
        Instant t1 = Instant.parse("2025-01-01T10:00:00Z");
        Instant t2 = t1.plusNanos(1);
        Instant t3 = t1.plus(Duration.ofHours(1));
        long first = source.memory("checkpoint alpha").created(t1).add();
        long second = source.memory("checkpoint beta").created(t2).add();
        long third = source.memory("checkpoint gamma").created(t3).add();

        assertThat(ids(index().search(query("checkpoint").between(t1, t3).build())))
                .containsExactlyInAnyOrder(first, second);
        assertThat(ids(index().search(query("checkpoint").between(t2, null).build())))
                .containsExactlyInAnyOrder(second, third);
        assertThat(ids(index().search(query("checkpoint").between(null, t2).build()))).containsExactly(first);
        assertThat(index().search(query("checkpoint").between(t3, t1).build())).isEmpty();
        assertThat(index().search(query("checkpoint").between(t1, t1).build())).isEmpty();
    }

    @Test
    void demotesResultMemoriesByTheDocumentedFactor() {
        long result = source.memory("benchmark of the search index at 100k memories")
                .kind(MemoryKind.RESULT).add();
        long fact = source.memory("benchmark of the search index at 100k memories").add();

        List<SearchHit> hits = index().search(plain("benchmark search index"));

        assertThat(ids(hits)).containsExactly(fact, result);
        assertThat(hits.get(1).score()).isCloseTo(hits.get(0).score() * LuceneSearch.RESULT_DEMOTION,
                within(1e-5));
        assertThat(LuceneSearch.RESULT_DEMOTION).isLessThan(1f);
    }

    @Test
    void demotionStillLetsAMuchBetterResultWin() {
        long result = source.memory("flyway baseline migration checksum mismatch repaired with flyway repair")
                .kind(MemoryKind.RESULT).add();
        long weak = source.memory("we use flyway").add();
        for (int i = 0; i < 30; i++) {
            source.add("unrelated filler memory number " + i + " about flyway");
        }

        List<SearchHit> hits = index().search(plain("flyway checksum mismatch repair"));

        assertThat(ids(hits)).first().isEqualTo(result);
        assertThat(ids(hits)).contains(weak);
    }

    @Test
    void snippetIsAShortExcerptAroundTheMatch() {
        String filler = "lorem ipsum dolor sit amet consectetur adipiscing elit ".repeat(60);
        long id = source.add(filler + "the websocket reconnect loop ignores the backoff ceiling " + filler);

        SearchHit hit = index().search(plain("websocket backoff ceiling")).get(0);

        assertThat(hit.id().value()).isEqualTo(id);
        assertThat(hit.snippet()).hasSizeLessThanOrEqualTo(LuceneSearch.SNIPPET_MAX_CHARS)
                .contains("websocket reconnect loop ignores the backoff ceiling")
                .startsWith("\u2026").endsWith("\u2026");
    }

    @Test
    void theLongestMemoryWithMultiByteTextIsIndexedAndSnipped() {
        String wide = "\u6f22\u5b57\u00e9 ";
        String body = wide.repeat(4000) + "zeppelin hangar " + wide.repeat(4000);
        String content = body.substring(0, Math.min(body.length(), MemoryLimits.MAX_CONTENT_CHARS));
        long id = source.add(content);

        SearchHit hit = index().search(plain("zeppelin")).get(0);

        assertThat(hit.id().value()).isEqualTo(id);
        assertThat(hit.snippet()).contains("zeppelin hangar").hasSizeLessThanOrEqualTo(LuceneSearch.SNIPPET_MAX_CHARS);
    }

    @Test
    void timestampsOutsideTheNanosecondRangeSurviveExactly() {
        Instant far = Instant.parse("2500-06-01T12:00:00.123456789Z");
        Instant early = Instant.parse("1500-01-01T00:00:00Z");
        source.memory("time capsule opened").created(far).add();
        source.memory("time capsule buried").created(early).add();

        List<SearchHit> hits = index().search(plain("time capsule"));

        assertThat(hits).extracting(SearchHit::ts).containsExactlyInAnyOrder(far, early);
        assertThat(index().search(query("capsule").between(Instant.parse("2400-01-01T00:00:00Z"), null).build()))
                .extracting(SearchHit::ts).containsExactly(far);
    }

    @Test
    void aSnippetIsCutFromTheContentAloneNeverFromTopicsPointersOrThePredecessor() {
        String filler = "the rollout waits for a person before it goes on ".repeat(6);
        String content = "Roll the canary back by hand; " + filler + "then roll back in full.";
        source.memory("Smoke tests gate every deploy on Fridays").session("s1").add();
        long id = source.memory(content).session("s1").topics("deploy", "smoke").macroTopics("ops")
                .pointers("runbook/deploy.md", "pipeline deploy-canary").add();

        for (String query : List.of("deploy smoke ops runbook", "fridays", "full deploy")) {
            String snippet = index().search(plain(query)).stream().filter(found -> found.id().value() == id)
                    .findFirst().orElseThrow().snippet();
            assertThat(snippet).as(query).doesNotContain("deploy", "smoke", "[ops]", "runbook", "Fridays");
            assertThat(content).as(query).contains(snippet.replace("\u2026", "").strip());
            if (query.equals("full deploy")) {
                assertThat(snippet).as("around its own match").endsWith("then roll back in full.");
            }
        }
    }

    @Test
    void snippetOfAShortMemoryIsItsWholeTextFolded() {
        source.add("Claims   expire\nafter\tfour hours");
        assertThat(index().search(plain("claims")).get(0).snippet()).isEqualTo("Claims expire after four hours");
    }

    @Test
    void snippetsStayShortForLongTokensAndManyMatches() {
        source.add("x".repeat(400) + " needle " + "needle ".repeat(200) + "y".repeat(3000));
        source.add("z/".repeat(500) + "needle");
        for (SearchHit hit : index().search(plain("needle"))) {
            assertThat(hit.snippet()).hasSizeLessThanOrEqualTo(LuceneSearch.SNIPPET_MAX_CHARS).contains("needle");
        }
    }

    @Test
    void filePathsAreFoundByTheirPartsAndWhole() {
        long path = source.add("Search tool lives in apps/mcp-server/src/tools/search.ts and calls the index");
        long other = source.add("The server starts on port 8080");

        assertThat(ids(index().search(plain("apps/mcp-server/src/tools/search.ts"))).get(0)).isEqualTo(path);
        assertThat(ids(index().search(plain("search.ts")))).containsExactly(path);
        assertThat(ids(index().search(plain("mcp-server")))).first().isEqualTo(path);
        assertThat(ids(index().search(plain("tools")))).containsExactly(path);
        assertThat(ids(index().search(plain("server")))).contains(path, other);
        SearchHit hit = index().search(plain("'apps/mcp-server/src/tools/search.ts':")).get(0);
        assertThat(hit.snippet()).contains("apps/mcp-server/src/tools/search.ts");
    }

    @Test
    void identifiersAreFoundByTheirPartsAndWhole() {
        long camel = source.add("SearchIndexFactory opens the index once per Colony");
        long dotted = source.add("Classes live in dev.colony.search.lucene next to the api");
        long snake = source.add("The column memory_vector holds float32 bytes");

        assertThat(ids(index().search(plain("SearchIndexFactory")))).first().isEqualTo(camel);
        assertThat(ids(index().search(plain("index factory")))).containsExactly(camel);
        assertThat(ids(index().search(plain("dev.colony.search.lucene")))).first().isEqualTo(dotted);
        assertThat(ids(index().search(plain("lucene")))).containsExactly(dotted);
        assertThat(ids(index().search(plain("memory_vector")))).containsExactly(snake);
        assertThat(ids(index().search(plain("vector")))).containsExactly(snake);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "TypeError: Cannot read properties of undefined (reading 'map')",
        "\"unterminated quote",
        "foo AND (bar OR) NOT -baz +qux",
        "field:value title:\"x\" [1 TO 5] {a TO b}",
        "wild* card? fuzzy~2 boost^3 regex /ab+c/",
        "C:\\Users\\dev\\colony.db",
        "\\ \" ' ` ~ ! @ # $ % ^ & * ( ) - + = { } [ ] | : ; < > , . ? /",
        "https://example.org/a?b=c&d=e#frag",
        "NullPointerException at dev.colony.core.Colony.search(Colony.java:42)"
    })
    void specialCharacterQueriesNeverFail(String text) {
        source.add("TypeError: Cannot read properties of undefined (reading 'map') in the feed renderer");
        source.add("NullPointerException at dev.colony.core.Colony.search(Colony.java:42) when no index");

        List<SearchHit> hits = index().search(plain(text));

        assertThat(hits).isNotNull();
    }

    @Test
    void errorMessagesWithQuotesAndColonsFindTheirMemory() {
        long error = source.add("TypeError: Cannot read properties of undefined (reading 'map') in the feed renderer");
        source.add("The feed shows tasks by update time");

        assertThat(ids(index().search(plain("TypeError: Cannot read properties of undefined (reading 'map')"))))
                .first().isEqualTo(error);
        assertThat(ids(index().search(plain("\"reading 'map'\"")))).first().isEqualTo(error);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "!!! ??? ...", "the and of to", "\"\" '' ()"})
    void queriesWithoutTermsHaveNoHits(String text) {
        source.add("the and of to");
        assertThat(index().search(plain(text))).isEmpty();
    }

    @Test
    void searchingAClosedIndexFailsWithClosed() {
        index().close();
        assertThatThrownBy(() -> index.search(plain("anything")))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CLOSED));
        index.close();
    }
}
