package dev.colony.store.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import dev.colony.api.NamespaceId;
import dev.colony.api.segment.Segment;
import dev.colony.api.segment.SegmentFilter;
import dev.colony.api.segment.SegmentFilter.Comparison;
import dev.colony.spi.storage.StorageProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.colony.spi.storage.SegmentRecords}: segments keep their embedding, text and typed metadata exactly
 * (the extremes of each numeric type, "" and " ", booleans), per namespace and store; filters run in the store
 * with LangChain4j's meaning (a missing key fails a condition and passes its negation, numbers compare by value
 * across types, text by character code, "contains" minds case, a boolean only equals a boolean), a scan hands
 * over texts when asked; removal by id, by filter and of the whole store.
 */
public interface SegmentContract extends StoreUnderTest {

    UUID SOME_UUID = UUID.fromString("0b5c2bb4-3d8e-4b58-9a57-7a0d3f1e2c11");

    @Test
    default void segmentsRoundTripTypedMetadataPerNamespaceAndStore() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        NamespaceId theirs = personal(store);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("empty", "");
        metadata.put("space", " ");
        metadata.put("uuid", SOME_UUID);
        metadata.put("int_min", Integer.MIN_VALUE);
        metadata.put("int_max", Integer.MAX_VALUE);
        metadata.put("long_min", Long.MIN_VALUE);
        metadata.put("long_max", Long.MAX_VALUE);
        metadata.put("float_min", -Float.MAX_VALUE);
        metadata.put("float_tiny", Float.MIN_VALUE);
        metadata.put("float_max", Float.MAX_VALUE);
        metadata.put("float_123", 1.23456789f);
        metadata.put("double_tiny", Double.MIN_VALUE);
        metadata.put("double_max", Double.MAX_VALUE);
        metadata.put("double_123", 1.23456789d);
        float[] embedding = {0.25f, -1.5f, Float.MIN_VALUE};
        store.write(tx -> {
            tx.segments().save(mine, "docs", 3, List.of(new Segment("a", embedding, "Grüße\n", metadata),
                    new Segment("b", new float[] {1, 0, 0}, null, Map.of())), Fixtures.T0);
            tx.segments().save(theirs, "docs", 2, List.of(new Segment("a", new float[] {1, 1}, "x", Map.of())),
                    Fixtures.T0);
            return null;
        });

        List<Segment> found = find(store, mine, "docs", "a", "b", "c");
        assertThat(found).hasSize(2);
        Segment a = found.stream().filter(s -> s.id().equals("a")).findFirst().orElseThrow();
        assertThat(a.embedding()).containsExactly(embedding);
        assertThat(a.text()).isEqualTo("Grüße\n");
        assertThat(a.metadata()).containsExactlyInAnyOrderEntriesOf(metadata);
        a.metadata().forEach((key, value) -> assertThat(value).as(key).isInstanceOf(metadata.get(key).getClass()));
        Segment b = found.stream().filter(s -> s.id().equals("b")).findFirst().orElseThrow();
        assertThat(b.text()).isNull();
        assertThat(b.metadata()).isEmpty();
        assertThat(dimension(store, mine, "docs")).hasValue(3);
        assertThat(dimension(store, theirs, "docs")).hasValue(2);
        assertThat(dimension(store, mine, "other")).isEmpty();
        assertThat(find(store, mine, "other", "a")).isEmpty();

        store.write(tx -> {
            tx.segments().save(mine, "docs", 3, List.of(new Segment("a", new float[] {0, 0, 1}, "new",
                    Map.of("k", 1))), Fixtures.T0);
            return null;
        });
        Segment replaced = find(store, mine, "docs", "a").get(0);
        assertThat(replaced.text()).isEqualTo("new");
        assertThat(replaced.metadata()).isEqualTo(Map.of("k", 1));
        assertThat(find(store, theirs, "docs", "a").get(0).text()).isEqualTo("x");
    }

    @Test
    default void filtersRunInTheStoreWithLangChain4jMeaning() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        store.write(tx -> {
            tx.segments().save(mine, "docs", 1, List.of(
                    segment("int1", Map.of("key", 1)),
                    segment("long2", Map.of("key", 2L)),
                    segment("float1.5", Map.of("key", 1.5f)),
                    segment("double2.5", Map.of("key", 2.5d)),
                    segment("upperB", Map.of("key", "B")),
                    segment("lowerA", Map.of("key", "a", "other", "Hello World")),
                    segment("uuid", Map.of("key", SOME_UUID)),
                    segment("none", Map.of("other", "hello"))), Fixtures.T0);
            return null;
        });

        assertThat(select(store, mine, compare(Comparison.EQUAL, 1L))).containsExactlyInAnyOrder("int1");
        assertThat(select(store, mine, compare(Comparison.EQUAL, 2))).containsExactlyInAnyOrder("long2");
        assertThat(select(store, mine, compare(Comparison.GREATER, 1))).containsExactlyInAnyOrder("long2",
                "float1.5", "double2.5");
        assertThat(select(store, mine, compare(Comparison.LESS_OR_EQUAL, 1.5d))).containsExactlyInAnyOrder("int1",
                "float1.5");
        assertThat(select(store, mine, compare(Comparison.GREATER_OR_EQUAL, 2.5f))).containsExactlyInAnyOrder(
                "double2.5");
        assertThat(select(store, mine, compare(Comparison.LESS, "a"))).as("binary order: 'B' < 'a'")
                .containsExactlyInAnyOrder("upperB", "uuid");
        assertThat(select(store, mine, compare(Comparison.EQUAL, SOME_UUID.toString()))).containsExactly("uuid");
        assertThat(select(store, mine, new SegmentFilter.Not(compare(Comparison.EQUAL, 1))))
                .as("a missing key passes a negation").containsExactlyInAnyOrder("long2", "float1.5", "double2.5",
                        "upperB", "lowerA", "uuid", "none");
        assertThat(select(store, mine, new SegmentFilter.In("key", List.of(2, "B", SOME_UUID))))
                .containsExactlyInAnyOrder("long2", "upperB", "uuid");
        assertThat(select(store, mine, new SegmentFilter.Not(new SegmentFilter.In("key", List.of(1, 2.5d, "a")))))
                .containsExactlyInAnyOrder("long2", "float1.5", "upperB", "uuid", "none");
        assertThat(select(store, mine, new SegmentFilter.Contains("other", "World"))).containsExactly("lowerA");
        assertThat(select(store, mine, new SegmentFilter.Contains("other", "hello"))).as("case matters")
                .containsExactly("none");
        assertThat(select(store, mine, new SegmentFilter.Contains("other", "%"))).isEmpty();
        assertThat(select(store, mine, new SegmentFilter.Or(compare(Comparison.EQUAL, "B"),
                new SegmentFilter.And(compare(Comparison.GREATER, 1), compare(Comparison.LESS, 2)))))
                .containsExactlyInAnyOrder("upperB", "float1.5");

        int removed = store.write(tx -> tx.segments().delete(mine, "docs", compare(Comparison.GREATER, 1)));
        assertThat(removed).isEqualTo(3);
        assertThat(select(store, mine, null)).containsExactlyInAnyOrder("int1", "upperB", "lowerA", "uuid", "none");
        int byId = store.write(tx -> tx.segments().delete(mine, "docs", List.of("int1", "gone")));
        assertThat(byId).isEqualTo(1);
        int all = store.write(tx -> tx.segments().delete(mine, "docs", (SegmentFilter) null));
        assertThat(all).isEqualTo(4);
        assertThat(select(store, mine, null)).isEmpty();
        assertThat(dimension(store, mine, "docs")).as("cleared store").isEmpty();
    }

    @Test
    default void booleanMetadataRoundTripsAndFiltersByEqualityOnly() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        store.write(tx -> {
            tx.segments().save(mine, "docs", 1, List.of(
                    segment("true", Map.of("key", true, "n", 1)),
                    segment("false", Map.of("key", false, "n", 2)),
                    segment("textTrue", Map.of("key", "true", "n", 1)),
                    segment("one", Map.of("key", 1)),
                    segment("none", Map.of("n", 2))), Fixtures.T0);
            return null;
        });

        Segment found = find(store, mine, "docs", "true").get(0);
        assertThat(found.metadata()).isEqualTo(Map.of("key", true, "n", 1));
        assertThat(found.metadata().get("key")).isInstanceOf(Boolean.class);
        assertThat(find(store, mine, "docs", "false").get(0).metadata().get("key")).isEqualTo(Boolean.FALSE);
        assertThat(select(store, mine, compare(Comparison.EQUAL, true))).as("a boolean equals only a boolean")
                .containsExactly("true");
        assertThat(select(store, mine, compare(Comparison.EQUAL, false))).containsExactly("false");
        assertThat(select(store, mine, new SegmentFilter.Not(compare(Comparison.EQUAL, false))))
                .as("not-equal keeps other kinds and segments without the key")
                .containsExactlyInAnyOrder("true", "textTrue", "one", "none");
        assertThat(select(store, mine, compare(Comparison.EQUAL, 1))).as("a number never equals a boolean")
                .containsExactly("one");
        assertThat(select(store, mine, compare(Comparison.EQUAL, "true"))).as("nor does a string")
                .containsExactly("textTrue");
        assertThat(select(store, mine, new SegmentFilter.Contains("key", "t"))).containsExactly("textTrue");
        assertThat(select(store, mine, new SegmentFilter.And(compare(Comparison.EQUAL, true),
                new SegmentFilter.Compare("n", Comparison.LESS, 2)))).containsExactly("true");
        assertThat(select(store, mine, new SegmentFilter.Or(compare(Comparison.EQUAL, false),
                new SegmentFilter.Compare("n", Comparison.EQUAL, 1)))).containsExactlyInAnyOrder("true", "false",
                        "textTrue");
        assertThatThrownBy(() -> select(store, mine, compare(Comparison.LESS, true)))
                .isInstanceOfSatisfying(ColonyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.field()).isEqualTo("filter.key");
                });

        int removed = store.write(tx -> tx.segments().delete(mine, "docs", compare(Comparison.EQUAL, true)));
        assertThat(removed).isEqualTo(1);
        assertThat(select(store, mine, null)).containsExactlyInAnyOrder("false", "textTrue", "one", "none");
    }

    @Test
    default void aScanWithTextHandsOverTheTextOfEachSelectedSegment() {
        StorageProvider store = openStore(newDirectory());
        NamespaceId mine = personal(store);
        store.write(tx -> {
            tx.segments().save(mine, "docs", 2, List.of(
                    new Segment("part", new float[] {1, 0}, "Gasket XK-4471\n", Map.of("kind", "part")),
                    new Segment("bare", new float[] {0, 1}, null, Map.of("kind", "part")),
                    new Segment("note", new float[] {1, 1}, "a note", Map.of("kind", "note"))), Fixtures.T0);
            return null;
        });

        Map<String, String> texts = new LinkedHashMap<>();
        Map<String, float[]> embeddings = new LinkedHashMap<>();
        store.read(tx -> {
            tx.segments().scanWithText(mine, "docs", new SegmentFilter.Compare("kind", Comparison.EQUAL, "part"),
                    (id, embedding, text) -> {
                        texts.put(id, text);
                        embeddings.put(id, embedding);
                    });
            return null;
        });
        assertThat(texts).containsOnlyKeys("part", "bare").containsEntry("part", "Gasket XK-4471\n")
                .containsEntry("bare", null);
        assertThat(embeddings.get("part")).containsExactly(1, 0);
    }

    private static Segment segment(String id, Map<String, Object> metadata) {
        return new Segment(id, new float[] {1}, id, metadata);
    }

    private static SegmentFilter compare(Comparison comparison, Object value) {
        return new SegmentFilter.Compare("key", comparison, value);
    }

    private static List<String> select(StorageProvider store, NamespaceId namespace, SegmentFilter filter) {
        List<String> ids = new ArrayList<>();
        store.read(tx -> {
            tx.segments().scan(namespace, "docs", filter, (id, embedding) -> ids.add(id));
            return null;
        });
        return ids;
    }

    private static OptionalInt dimension(StorageProvider store, NamespaceId namespace, String name) {
        return store.read(tx -> tx.segments().dimension(namespace, name));
    }

    private static List<Segment> find(StorageProvider store, NamespaceId namespace, String name, String... ids) {
        return store.read(tx -> tx.segments().find(namespace, name, List.of(ids)));
    }

    private static NamespaceId personal(StorageProvider store) {
        return store.write(tx -> tx.namespaces().personal(Fixtures.newUser(), Fixtures.T0).id());
    }
}
