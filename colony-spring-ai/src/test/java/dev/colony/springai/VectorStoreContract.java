package dev.colony.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.core.fixture.OpenColony;
import dev.colony.spi.storage.StorageProvider;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.document.Document;
import org.springframework.ai.test.vectorstore.BaseVectorStoreTests;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.FilterExpressionBuilder;

/**
 * Colony's vector store with real embeddings on one store: Spring AI's own vector store tests
 * ({@link BaseVectorStoreTests}: delete by id, by filter expression and by filter text), then ours (ranking,
 * top-k, threshold and scores, metadata types, every filter operator run by the store, booleans, bad input,
 * users and store names kept apart). Each subclass names the store.
 */
abstract class VectorStoreContract extends BaseVectorStoreTests {

    private static final FilterExpressionBuilder WHERE = new FilterExpressionBuilder();

    private final OpenColony colony = new OpenColony("spring-ai", this::openStore);

    abstract StorageProvider openStore(Path dir);

    @AfterEach
    void close() throws Exception {
        colony.close();
    }

    @Override
    protected void executeTest(Consumer<VectorStore> test) {
        test.accept(store("alice"));
    }

    private ColonyVectorStore store(String user) {
        return new ColonyVectorStore(colony.as(user), OnnxEmbeddingModel.get());
    }

    private static Document document(String id, String text, Map<String, Object> metadata) {
        return Document.builder().id(id).text(text).metadata(metadata).build();
    }

    private static List<Document> cities() {
        return List.of(
                document("paris", "Paris is the capital of France, on the Seine.",
                        Map.of("country", "FR", "year", 2019, "population", 2_100_000L)),
                document("sofia", "Sofia is the capital of Bulgaria, below Vitosha mountain.",
                        Map.of("country", "BG", "year", 2020, "rating", 4.5)),
                document("amsterdam", "Amsterdam has canals, bicycles and the Rijksmuseum.",
                        Map.of("country", "NL", "year", 2021)),
                document("recipe", "Whisk eggs with sugar, then fold in the flour for a sponge cake.",
                        Map.of("kind", "recipe")));
    }

    private static List<String> ids(List<Document> documents) {
        return documents.stream().map(Document::getId).toList();
    }

    private List<String> where(VectorStore store, Filter.Expression filter) {
        return ids(store.similaritySearch(SearchRequest.builder().query("a city").topK(10).similarityThresholdAll()
                .filterExpression(filter).build())).stream().sorted().toList();
    }

    private List<String> where(VectorStore store, String filter) {
        return ids(store.similaritySearch(SearchRequest.builder().query("a city").topK(10).similarityThresholdAll()
                .filterExpression(filter).build())).stream().sorted().toList();
    }

    @Test
    void searchRanksByMeaningWithTopKThresholdAndScores() {
        ColonyVectorStore store = store("alice");
        store.add(cities());

        List<Document> found = store.similaritySearch(SearchRequest.builder().query("How do I bake a cake?")
                .topK(2).similarityThresholdAll().build());
        assertThat(found).hasSize(2);
        assertThat(found.get(0).getId()).isEqualTo("recipe");
        assertThat(found.get(0).getText()).startsWith("Whisk eggs");
        assertThat(found.get(0).getScore()).isGreaterThan(found.get(1).getScore());
        assertThat(((Number) found.get(0).getMetadata().get("distance")).doubleValue())
                .isCloseTo(1 - found.get(0).getScore(), org.assertj.core.data.Offset.offset(1e-6));

        List<Document> exact = store.similaritySearch(SearchRequest.builder()
                .query("Amsterdam has canals, bicycles and the Rijksmuseum.").topK(4).similarityThreshold(0.99)
                .build());
        assertThat(ids(exact)).as("only the identical text is that similar").containsExactly("amsterdam");
        assertThat(store.similaritySearch(SearchRequest.builder().query("cake").topK(0).build())).isEmpty();
        assertThat(store.similaritySearch(SearchRequest.builder().query("cake").topK(10).similarityThresholdAll()
                .build())).hasSize(4);
    }

    @Test
    void metadataRoundTripsWithItsTypes() {
        ColonyVectorStore store = store("alice");
        UUID uuid = UUID.randomUUID();
        Map<String, Object> metadata = Map.of("s", "text", "empty", "", "space", " ", "i", Integer.MIN_VALUE,
                "l", Long.MAX_VALUE, "f", 1.5f, "d", Double.MAX_VALUE, "u", uuid);
        store.add(List.of(document("doc", "some text", metadata)));
        Document found = store.similaritySearch(SearchRequest.builder().query("some text").topK(1).build()).get(0);
        assertThat(found.getId()).isEqualTo("doc");
        assertThat(found.getMetadata()).containsAllEntriesOf(metadata).containsOnlyKeys(
                List.of("s", "empty", "space", "i", "l", "f", "d", "u", "distance"));
    }

    @Test
    void everyFilterOperatorRunsInTheStore() {
        ColonyVectorStore store = store("alice");
        store.add(cities());
        assertThat(where(store, WHERE.eq("country", "BG").build())).containsExactly("sofia");
        assertThat(where(store, WHERE.ne("country", "BG").build()))
                .as("not-equal keeps documents without the key").containsExactly("amsterdam", "paris", "recipe");
        assertThat(where(store, WHERE.gt("year", 2019).build())).containsExactly("amsterdam", "sofia");
        assertThat(where(store, WHERE.gte("year", 2020L).build())).containsExactly("amsterdam", "sofia");
        assertThat(where(store, WHERE.lt("year", 2020.5).build())).containsExactly("paris", "sofia");
        assertThat(where(store, WHERE.lte("year", 2019).build())).containsExactly("paris");
        assertThat(where(store, WHERE.in("country", "BG", "NL").build())).containsExactly("amsterdam", "sofia");
        assertThat(where(store, WHERE.nin("country", "BG", "NL").build())).containsExactly("paris", "recipe");
        assertThat(where(store, WHERE.and(WHERE.gte("year", 2020), WHERE.eq("country", "NL")).build()))
                .containsExactly("amsterdam");
        assertThat(where(store, WHERE.or(WHERE.eq("country", "FR"), WHERE.eq("kind", "recipe")).build()))
                .containsExactly("paris", "recipe");
        assertThat(where(store, WHERE.not(WHERE.eq("country", "FR")).build()))
                .containsExactly("amsterdam", "recipe", "sofia");
        assertThat(where(store, WHERE.isNull("year").build())).containsExactly("recipe");
        assertThat(where(store, WHERE.isNotNull("country").build())).containsExactly("amsterdam", "paris", "sofia");
        assertThat(where(store, WHERE.isNotNull("population").build())).containsExactly("paris");
        assertThat(ids(store.similaritySearch(SearchRequest.builder().query("a city").topK(10)
                .similarityThresholdAll().filterExpression("(year >= 2020 && country in ['BG', 'FR']) || "
                        + "kind == 'recipe'").build()))).containsExactlyInAnyOrder("sofia", "recipe");

        store.delete(WHERE.and(WHERE.lt("year", 2021), WHERE.isNotNull("country")).build());
        assertThat(where(store, WHERE.isNotNull("kind").build())).containsExactly("recipe");
        assertThat(where(store, WHERE.isNotNull("year").build())).containsExactly("amsterdam");
    }

    @Test
    void booleanMetadataRoundTripsAndFiltersByEqualityInTheStore() {
        ColonyVectorStore store = store("alice");
        store.add(List.of(
                document("on", "The gateway listens on port 8443.", Map.of("active", true, "year", 2020)),
                document("off", "The old gateway listened on port 8080.",
                        Map.of("active", false, "archived", false, "year", 2021)),
                document("archived", "The first gateway ran on a single host.",
                        Map.of("active", true, "archived", true, "year", 2019)),
                document("plain", "Gateways forward requests to services.", Map.of("year", 2020)),
                document("text", "A gateway's status page says true.", Map.of("active", "true"))));

        Document on = store.similaritySearch(SearchRequest.builder().query("gateway port 8443").topK(1)
                .filterExpression("year == 2020 && active == true").build()).get(0);
        assertThat(on.getId()).isEqualTo("on");
        assertThat(on.getMetadata().get("active")).isInstanceOf(Boolean.class).isEqualTo(Boolean.TRUE);
        assertThat(where(store, "active == true")).containsExactly("archived", "on");
        assertThat(where(store, "active == false")).containsExactly("off");
        assertThat(where(store, "archived != false")).as("not-equal keeps documents without the key")
                .containsExactly("archived", "on", "plain", "text");
        assertThat(where(store, "NOT (active == true)")).containsExactly("off", "plain", "text");
        assertThat(where(store, "active == true && year >= 2020")).containsExactly("on");
        assertThat(where(store, "active == false || year == 2019")).containsExactly("archived", "off");
        assertThat(where(store, WHERE.eq("active", true).build())).containsExactly("archived", "on");
        assertThat(where(store, WHERE.isNull("active").build())).containsExactly("plain");
        assertThat(where(store, WHERE.isNotNull("archived").build())).containsExactly("archived", "off");
        invalid(() -> where(store, "active < true"), "filter.active");
        invalid(() -> where(store, "active in [true, false]"), "filter.active");
        invalid(() -> where(store, "active nin [true]"), "filter.active");

        store.delete("active == true");
        assertThat(where(store, WHERE.isNotNull("year").build())).containsExactly("off", "plain");
    }

    @Test
    void badInputIsRefusedNamingItAndNothingIsWritten() {
        ColonyVectorStore store = store("alice");
        invalid(() -> store.add(List.of(document("a", "ok", Map.of()),
                document("b", "flagged", Map.of("tags", List.of("x"))))), "segments[1].metadata.tags");
        invalid(() -> store.similaritySearch(SearchRequest.builder().query("x")
                .filterExpression(WHERE.eq("open", LocalDate.of(2026, 1, 1)).build()).build()), "filterExpression");
        invalid(() -> store.delete((Filter.Expression) null), "filterExpression");
        invalid(() -> store.delete((List<String>) null), "idList");
        assertThat(store.similaritySearch(SearchRequest.builder().query("ok").similarityThresholdAll().build()))
                .as("the valid document of the refused batch was not stored either").isEmpty();
    }

    @Test
    void usersAndStoreNamesAreKeptApart() {
        ColonyVectorStore alice = store("alice");
        alice.add(cities());
        ColonyVectorStore other = new ColonyVectorStore(colony.as("alice"), OnnxEmbeddingModel.get(), "notes");
        SearchRequest all = SearchRequest.builder().query("a city").topK(10).similarityThresholdAll().build();
        assertThat(other.similaritySearch(all)).isEmpty();
        assertThat(store("bob").similaritySearch(all)).isEmpty();
        assertThat(alice.similaritySearch(all)).hasSize(4);
        assertThat(alice.getName()).isEqualTo("colony:spring-ai");
        assertThat(other.getName()).isEqualTo("colony:notes");
        assertThat(alice.getNativeClient()).isEmpty();
    }

    private static void invalid(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ColonyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(e.field()).isEqualTo(field);
        });
    }
}
