package dev.colony.store.jdbc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Conversions between record values and column values: JSON text, vectors, epoch milliseconds. */
final class Codec {

    /** Writes JSON text without the data-binding layer, so that writing alone never loads or builds it. */
    private static final JsonFactory FACTORY = new JsonFactory();

    /**
     * The readers, built on first read: building a data-binding mapper costs a fresh process a large share
     * of its start, and short-lived writers (the Claude Code hooks) never read JSON columns.
     */
    private static final class Readers {
        /** Whole numbers read back as {@code Long} and decimals as {@code Double}, as core normalises them on write. */
        static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
        /* Built once: resolving the target type per call cost more than parsing. */
        static final ObjectReader OBJECT_MAP = JSON.readerFor(new TypeReference<Map<String, Object>>() {
        });
    }

    /* Most memories have no macro topics and many no metadata: those columns hold exactly these texts. */
    private static final String EMPTY_LIST = "[]";
    private static final String EMPTY_MAP = "{}";

    private Codec() {
    }

    static String writeList(List<String> values) {
        if (values.isEmpty()) {
            return EMPTY_LIST;
        }
        return write(values, "topics");
    }

    static String writeMap(Map<String, Object> values) {
        if (values.isEmpty()) {
            return EMPTY_MAP;
        }
        return write(values, "metadata");
    }

    static List<String> readList(String json) {
        if (EMPTY_LIST.equals(json)) {
            return List.of();
        }
        // The streaming parser, not the data binder: lists are read for every row of hot queries (a plan's
        // sub-tasks on each claim), and binding costs several times as much for a handful of strings.
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw notAList(null);
            }
            List<String> values = new ArrayList<>();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                if (token != JsonToken.VALUE_STRING) {
                    throw notAList(null);
                }
                values.add(parser.getText());
            }
            return List.copyOf(values);
        } catch (IOException e) {
            throw notAList(e);
        }
    }

    private static ColonyException notAList(Exception cause) {
        return new ColonyException(ErrorCode.STORAGE_FAILURE, "a stored list is not a JSON array of strings", cause);
    }

    static Map<String, Object> readMap(String json) {
        if (EMPTY_MAP.equals(json)) {
            return new LinkedHashMap<>();
        }
        try {
            return Readers.OBJECT_MAP.readValue(json);
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "stored metadata is not valid JSON", e);
        }
    }

    /** A vector as little-endian IEEE 754 single-precision floats, or {@code null}. */
    /**
     * {@code values} as {@link #readMap} returns them after {@link #writeMap}, without the round trip
     * through text: maps keep their order, lists become lists, whole numbers {@code Long} (or
     * {@code BigInteger} beyond its range), other numbers {@code Double} as their decimal text reads.
     */
    static Map<String, Object> asRead(Map<String, Object> values) {
        Map<String, Object> copy = new LinkedHashMap<>();
        values.forEach((key, value) -> copy.put(key, readBack(value)));
        return copy;
    }

    private static Object readBack(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            return big.bitLength() < Long.SIZE ? (Object) big.longValue() : big;
        }
        if (value instanceof Float || value instanceof BigDecimal) {
            return Double.parseDouble(value.toString());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put(String.valueOf(key), readBack(item)));
            return copy;
        }
        if (value instanceof Iterable<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(readBack(item)));
            return copy;
        }
        return value;
    }

    /**
     * {@code value} (strings, numbers, booleans, nulls, and lists and maps of them) as JSON text.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for a value of another kind
     */
    private static String write(Object value, String field) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(text)) {
            write(json, value, field);
        } catch (IOException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "cannot encode " + field + " as JSON", e);
        }
        return text.toString();
    }

    private static void write(JsonGenerator json, Object value, String field) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof String text) {
            json.writeString(text);
        } else if (value instanceof Boolean flag) {
            json.writeBoolean(flag);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short
                || value instanceof Byte) {
            json.writeNumber(((Number) value).longValue());
        } else if (value instanceof Float single) {
            json.writeNumber(single);
        } else if (value instanceof Double number) {
            json.writeNumber(number);
        } else if (value instanceof BigInteger big) {
            json.writeNumber(big);
        } else if (value instanceof BigDecimal decimal) {
            json.writeNumber(decimal);
        } else if (value instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                json.writeFieldName(String.valueOf(entry.getKey()));
                write(json, entry.getValue(), field);
            }
            json.writeEndObject();
        } else if (value instanceof Iterable<?> list) {
            json.writeStartArray();
            for (Object item : list) {
                write(json, item, field);
            }
            json.writeEndArray();
        } else {
            throw ColonyException.invalid(field, "must hold only strings, numbers, booleans, lists and maps (found a "
                    + value.getClass().getSimpleName() + ")");
        }
    }

    static byte[] writeVector(float[] vector) {
        if (vector == null) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    static float[] readVector(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        if (bytes.length % Float.BYTES != 0) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE,
                    "a stored vector has " + bytes.length + " bytes, not a multiple of 4");
        }
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }

    /**
     * A {@code LIKE ... ESCAPE '!'} pattern that matches a list written by {@link #writeList} holding
     * {@code element} as one whole element: the element quoted as JSON writes it, its wildcards escaped.
     * For elements without quotes or backslashes, which JSON would escape.
     */
    static String listElementPattern(String element) {
        return "%\"" + element.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "\"%";
    }

    static Long millis(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    /** {@code instant} as it reads back from the store: truncated to milliseconds. */
    static Instant stored(Instant instant) {
        return instant == null ? null : Instant.ofEpochMilli(instant.toEpochMilli());
    }

    static Instant instant(long millis, boolean wasNull) {
        return wasNull ? null : Instant.ofEpochMilli(millis);
    }
}
