package dev.colony.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.fixture.OpenColony;
import dev.colony.store.sqlite.SqliteStorageProvider;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.filter.Filter;
import java.io.IOException;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * What {@link ColonyEmbeddingStore} adds to LangChain4j's contract: segments belong to the caller's user and to
 * a named store, an id added again replaces its segment, and bad input (a vector of another dimension, a filter
 * Colony cannot run) is refused naming the field, with nothing written.
 */
class ColonyEmbeddingStoreTest {

    private static final OpenColony COLONY =
            new OpenColony("langchain4j", dir -> SqliteStorageProvider.open(dir.resolve("colony.db")));

    @AfterAll
    static void closeColony() throws IOException {
        COLONY.close();
    }

    @Test
    void anotherUserSeesNoneOfTheSegmentsAndCannotRemoveThem() {
        ColonyEmbeddingStore alice = new ColonyEmbeddingStore(COLONY.as("alice"), "private");
        ColonyEmbeddingStore bob = new ColonyEmbeddingStore(COLONY.as("bob"), "private");
        String id = alice.add(Embedding.from(new float[] {1, 0}), TextSegment.from("alice's secret"));

        assertThat(search(bob, new float[] {1, 0}, null)).as("bob's store of the same name").isEmpty();
        bob.removeAll(List.of(id));
        bob.removeAll(metadataKey("k").isNotEqualTo("x"));
        bob.removeAll();
        assertThat(search(alice, new float[] {1, 0}, null)).extracting(EmbeddingMatch::embeddingId).containsExactly(id);
        assertThat(search(new ColonyEmbeddingStore(COLONY.as("alice"), "other"), new float[] {1, 0}, null))
                .as("alice's store of another name").isEmpty();
    }

    @Test
    void anIdAddedAgainReplacesItsSegment() {
        ColonyEmbeddingStore store = new ColonyEmbeddingStore(COLONY.as("alice"), "replace");
        store.add("doc-1", Embedding.from(new float[] {1, 0}));
        store.addAll(List.of("doc-1"), List.of(Embedding.from(new float[] {0, 1})),
                List.of(TextSegment.from("second", new Metadata().put("v", 2))));

        List<EmbeddingMatch<TextSegment>> found = search(store, new float[] {0, 1}, null);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).score()).isEqualTo(1.0);
        assertThat(found.get(0).embedded()).isEqualTo(TextSegment.from("second", new Metadata().put("v", 2)));
    }

    @Test
    void anEmbeddingOfAnotherDimensionIsRefusedNamingTheField() {
        ColonyEmbeddingStore store = new ColonyEmbeddingStore(COLONY.as("alice"), "dimensions");
        store.add(Embedding.from(new float[] {1, 0, 0}));

        assertInvalid(() -> store.add(Embedding.from(new float[] {1, 0})), "segments[0].embedding",
                "has 2 dimensions, but store 'dimensions' holds embeddings of 3");
        assertInvalid(() -> store.addAll(List.of(Embedding.from(new float[] {1, 0, 0}),
                Embedding.from(new float[] {1}))),
                "segments[1].embedding", "has 1 dimensions, segments[0].embedding has 3");
        assertInvalid(() -> search(store, new float[] {1, 0}, null), "queryEmbedding",
                "has 2 dimensions, but store 'dimensions' holds embeddings of 3");
        assertThat(search(store, new float[] {1, 0, 0}, null)).as("nothing of a refused batch was written").hasSize(1);

        store.removeAll();
        store.add(Embedding.from(new float[] {1, 0}));
        assertThat(search(store, new float[] {1, 0}, null)).as("a cleared store takes a new dimension").hasSize(1);
    }

    @Test
    void aFilterColonyCannotRunIsRefusedNamingTheFilter() {
        ColonyEmbeddingStore store = new ColonyEmbeddingStore(COLONY.as("alice"), "filters");
        store.add(Embedding.from(new float[] {1, 0}), TextSegment.from("x", Metadata.from("k", "v")));
        Filter custom = object -> true;

        assertInvalid(() -> search(store, new float[] {1, 0}, custom), "filter", "has a condition Colony cannot run");
        assertInvalid(() -> store.removeAll(custom), "filter", "has a condition Colony cannot run");
        assertThat(search(store, new float[] {1, 0}, metadataKey("k").isEqualTo("v"))).hasSize(1);
    }

    private static List<EmbeddingMatch<TextSegment>> search(ColonyEmbeddingStore store, float[] query, Filter filter) {
        return store.search(EmbeddingSearchRequest.builder().queryEmbedding(Embedding.from(query)).filter(filter)
                .maxResults(10).build()).matches();
    }

    private static void assertInvalid(ThrowingCallable call, String field, String problem) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains(field).contains(problem);
        });
    }
}
