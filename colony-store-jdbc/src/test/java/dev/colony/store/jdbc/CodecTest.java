package dev.colony.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colony.api.ColonyException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * JSON columns are written without the data-binding layer: what is written reads back as before, and
 * {@link Codec#asRead} gives, without the text, exactly what reading the written text gives.
 */
class CodecTest {

    @Test
    void writtenMetadataReadsBackAsAsReadPredictsForEveryPlainKindOfValue() {
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("depth", 2);
        nested.put("tags", List.of("a", "b\"quoted\"", "\u00e9t\u00e9 \ud83d\ude00"));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("text", "line one\nline two");
        metadata.put("int", 7);
        metadata.put("long", 1L << 40);
        metadata.put("short", (short) 3);
        metadata.put("fits", BigInteger.valueOf(42));
        metadata.put("double", 0.1);
        metadata.put("float", 0.1f);
        metadata.put("decimal", new BigDecimal("1E+3"));
        metadata.put("flag", true);
        metadata.put("none", null);
        metadata.put("nested", nested);
        metadata.put("list", List.of(1, List.of(2.5, false)));

        String json = Codec.writeMap(metadata);

        assertThat(Codec.readMap(json)).isEqualTo(Codec.asRead(metadata));
        assertThat(Codec.readMap(json).get("int")).isEqualTo(7L);
        assertThat(Codec.readMap(json).get("float")).isEqualTo(0.1);
        assertThat(Codec.readList(Codec.writeList(List.of("x", "y z")))).containsExactly("x", "y z");
        assertThat(Codec.writeMap(Map.of())).isEqualTo("{}");
        assertThat(Codec.writeList(List.of())).isEqualTo("[]");
    }

    @Test
    void aValueThatIsNotPlainIsRefusedNamingTheField() {
        assertThatThrownBy(() -> Codec.writeMap(Map.of("when", Instant.EPOCH)))
                .isInstanceOfSatisfying(ColonyException.class, e -> assertThat(e.field()).isEqualTo("metadata"));
    }
}
