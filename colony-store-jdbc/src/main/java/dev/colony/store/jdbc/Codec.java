package dev.colony.store.jdbc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Conversions between record values and column values: JSON text, vectors, epoch milliseconds. */
final class Codec {

    /** Whole numbers read back as {@code Long} and decimals as {@code Double}, as core normalises them on write. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS);
    /* Readers and the writer are built once: resolving the target type per call cost more than parsing. */
    private static final ObjectReader STRING_LIST = JSON.readerFor(new TypeReference<List<String>>() {
    });
    private static final ObjectReader OBJECT_MAP = JSON.readerFor(new TypeReference<Map<String, Object>>() {
    });
    private static final ObjectWriter WRITER = JSON.writer();
    /* Most memories have no macro topics and many no metadata: those columns hold exactly these texts. */
    private static final String EMPTY_LIST = "[]";
    private static final String EMPTY_MAP = "{}";

    private Codec() {
    }

    static String writeList(List<String> values) {
        if (values.isEmpty()) {
            return EMPTY_LIST;
        }
        try {
            return WRITER.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.INTERNAL, "cannot encode a list of strings as JSON", e);
        }
    }

    static String writeMap(Map<String, Object> values) {
        if (values.isEmpty()) {
            return EMPTY_MAP;
        }
        try {
            return WRITER.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw ColonyException.invalid("metadata", "must hold only strings, numbers, booleans, lists and maps ("
                    + e.getOriginalMessage() + ")");
        }
    }

    static List<String> readList(String json) {
        if (EMPTY_LIST.equals(json)) {
            return List.of();
        }
        try {
            return List.copyOf(STRING_LIST.<List<String>>readValue(json));
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "a stored topic list is not valid JSON", e);
        }
    }

    static Map<String, Object> readMap(String json) {
        if (EMPTY_MAP.equals(json)) {
            return new LinkedHashMap<>();
        }
        try {
            return OBJECT_MAP.readValue(json);
        } catch (JsonProcessingException e) {
            throw new ColonyException(ErrorCode.STORAGE_FAILURE, "stored metadata is not valid JSON", e);
        }
    }

    /** A vector as little-endian IEEE 754 single-precision floats, or {@code null}. */
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
