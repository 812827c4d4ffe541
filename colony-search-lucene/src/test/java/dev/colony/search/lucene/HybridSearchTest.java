package dev.colony.search.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.MemoryId;
import dev.colony.api.NamespaceId;
import dev.colony.api.memory.MemoryKind;
import dev.colony.api.memory.SearchHit;
import dev.colony.api.memory.SearchMode;
import dev.colony.spi.search.QueryVector;
import dev.colony.spi.storage.StoredVector;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Search by meaning and hybrid ranking with the real in-process model: the vector leg answers what no
 * word matches, under the same filters as the keyword leg (namespaces first); vectors of another model
 * are never compared. Ranking quality is measured in {@link HybridQualityTest}.
 */
class HybridSearchTest {

    @TempDir
    static Path natives;

    private static RealModel model;

    @BeforeAll
    static void model() {
        model = RealModel.load(natives);
    }

    private static StoredVector passage(String text) {
        return model.memory(text);
    }

    private static StoredVector query(String text) {
        return model.query(text);
    }

    private static Requests by(SearchMode mode, String text) {
        return Requests.query(text).mode(mode, query(text), model.minSimilarity());
    }

    @Test
    void meaningFindsWhatNoWordMatchesUnderTheSameFilters() {
        ListMemorySource source = new ListMemorySource("hybrid-behaviour");
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        long mine = source.memory(retry).vector(passage(retry)).add();
        long hidden = source.memory(retry).namespace(2).vector(passage(retry)).add();
        String login = "Passwords shorter than twelve characters are rejected by the sign-up form.";
        long other = source.memory(login).session("session-b").vector(passage(login)).add();
        long decision = source.memory(retry).kind(MemoryKind.DECISION).vector(passage(retry)).add();
        String foreign = "Downloads are retried when the build cannot reach the repository.";
        long otherModel = source.memory(foreign).vector(new StoredVector("test/other-model",
                passage(foreign).values())).add();
        long unembedded = source.add("Flaky downloads: retry them, do not fail the build at once.");
        String question = "how often do we retry flaky dependency downloads";

        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            List<Long> keyword = Requests.ids(index.search(Requests.query(question).build()));
            List<Long> vector = Requests.ids(index.search(by(SearchMode.VECTOR, question).build()));
            List<Long> hybrid = Requests.ids(index.search(by(SearchMode.HYBRID, question).build()));
            List<Long> facts = Requests.ids(index.search(by(SearchMode.VECTOR, question).kinds(MemoryKind.FACT)
                    .build()));
            List<SearchHit> top = index.search(by(SearchMode.VECTOR, question).limit(1).build());

            assertThat(keyword).as("words alone find only the memories that share them")
                    .containsExactlyInAnyOrder(unembedded, otherModel);
            assertThat(vector).as("meaning, never another namespace's or another model's vectors, nor a memory "
                    + "about something else").startsWith(mine).contains(decision)
                    .doesNotContain(hidden, otherModel, unembedded, other);
            assertThat(facts).contains(mine).doesNotContain(decision);
            assertThat(hybrid).as("both legs").contains(mine, decision, unembedded).doesNotContain(hidden);
            assertThat(top).singleElement().satisfies(hit -> assertThat(hit.snippet()).startsWith("The CI pipeline"));
        }
    }

    /**
     * A query handed over still to be embedded is embedded once, on a thread of the index's pool (beside the
     * keyword leg), and ranks exactly as the same query embedded beforehand; a failure to embed reaches the caller
     * as it was thrown.
     */
    @Test
    void aQueryStillToBeEmbeddedIsEmbeddedBesideTheKeywordLegAndRanksAsAnEmbeddedOne() {
        ListMemorySource source = new ListMemorySource("hybrid-late-vector");
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        String login = "Passwords shorter than twelve characters are rejected by the sign-up form.";
        source.memory(retry).vector(passage(retry)).add();
        source.memory(login).vector(passage(login)).add();
        source.add("Flaky downloads: retry them, do not fail the build at once.");
        String question = "how often do we retry flaky dependency downloads";
        List<String> embeddedOn = new CopyOnWriteArrayList<>();
        QueryVector late = QueryVector.computedBy(() -> {
            embeddedOn.add(Thread.currentThread().getName());
            return query(question);
        });

        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            List<SearchHit> embeddedFirst = index.search(by(SearchMode.HYBRID, question).build());
            List<SearchHit> embeddedBeside = index.search(Requests.query(question)
                    .mode(SearchMode.HYBRID, late, model.minSimilarity()).build());
            ColonyException noModel = new ColonyException(ErrorCode.UNAVAILABLE, "no model");
            Requests failing = Requests.query(question).mode(SearchMode.HYBRID, QueryVector.computedBy(() -> {
                throw noModel;
            }), model.minSimilarity());

            assertThat(embeddedBeside).isEqualTo(embeddedFirst).isNotEmpty();
            assertThat(embeddedOn).singleElement().asString().startsWith("colony-search-leg-");
            assertThatThrownBy(() -> index.search(failing.build())).isSameAs(noModel);
        }
    }

    /**
     * The lookup a duplicate check makes: only the namespace and kind asked for, nearest first, none below the
     * least similarity, a memory written after the index opened included.
     */
    @Test
    void aNearestLookupKeepsToItsNamespaceAndKindAndSeesAFreshWrite() {
        ListMemorySource source = new ListMemorySource("hybrid-nearest");
        String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
        String login = "Passwords shorter than twelve characters are rejected by the sign-up form.";
        long mine = source.memory(retry).vector(passage(retry)).add();
        source.memory(retry).namespace(2).vector(passage(retry)).add();
        source.memory(retry).kind(MemoryKind.DECISION).vector(passage(retry)).add();
        long unrelated = source.memory(login).vector(passage(login)).add();
        StoredVector reworded = passage("Artifacts are fetched again by the CI pipeline, three tries, when the "
                + "network hiccups.");

        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            assertThat(index.nearest(reworded, NamespaceId.of(1), MemoryKind.FACT, 5, -1).stream()
                    .map(MemoryId::value).toList()).containsExactly(mine, unrelated);
            assertThat(index.nearest(reworded, NamespaceId.of(1), MemoryKind.FACT, 5, 0.6).stream()
                    .map(MemoryId::value).toList()).containsExactly(mine);
            long fresh = source.memory(retry + " Always.").vector(passage(retry + " Always.")).add();
            index.changed();
            assertThat(index.nearest(reworded, NamespaceId.of(1), MemoryKind.FACT, 1, 0.6).stream()
                    .map(MemoryId::value).toList()).singleElement().isIn(mine, fresh);
            assertThat(index.nearest(reworded, NamespaceId.of(1), MemoryKind.FACT, 5, 0.6).stream()
                    .map(MemoryId::value).toList()).containsExactlyInAnyOrder(mine, fresh);
        }
    }

    @Test
    void aReplyIsFoundByWhatItsSessionWasTalkingAbout() {
        ListMemorySource source = new ListMemorySource("hybrid-context");
        String asked = "We still need a place for the team offsite in June, somewhere near the lake.";
        String cake = "Whisk the egg whites until stiff before folding in the flour.";
        String reply = "Booked the old boathouse for the fourteenth, it holds forty people.";
        source.memory(asked).session("offsite").vector(passage(asked)).add();
        long inContext = source.memory(reply).session("offsite").vector(passage(reply)).add();
        source.memory(cake).session("baking").vector(passage(cake)).add();
        long alone = source.memory(reply).session("baking").vector(passage(reply)).add();
        long hidden = source.memory(reply).session("offsite").namespace(2).vector(passage(reply)).add();

        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            List<SearchHit> hits = index.search(by(SearchMode.VECTOR, "where will the team offsite be held").build());

            assertThat(Requests.ids(hits)).as("the same words, but only one follows the question it answers")
                    .contains(inContext).doesNotContain(alone, hidden);
        }
    }

    @Test
    void aMemoryWrittenAfterTheIndexOpenedIsFoundByMeaningAtOnce() {
        ListMemorySource source = new ListMemorySource("hybrid-fresh");
        source.add("An older memory, indexed when the index opens.");
        try (LuceneSearchIndex index = LuceneSearch.inMemory().open(source)) {
            index.search(Requests.plain("older"));
            String retry = "The CI pipeline fetches artifacts again up to three times when the network hiccups.";
            long fresh = source.memory(retry).vector(passage(retry)).add();
            index.changed();

            String question = "how often do we retry flaky dependency downloads";
            assertThat(Requests.ids(index.search(by(SearchMode.VECTOR, question).build()))).containsExactly(fresh);
            assertThat(Requests.ids(index.search(by(SearchMode.HYBRID, question).build()))).contains(fresh);
        }
    }
}
