package dev.colony.core.internal.memory;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import dev.colony.api.memory.MemoryLimits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates memory metadata: a small JSON-compatible map. Values may be strings, booleans, finite
 * numbers (normalised to {@code Long} or {@code Double}), lists and maps of those (maps with string keys); nulls are refused because stored metadata
 * cannot represent them faithfully. The size limit counts characters of the JSON form.
 */
final class MetadataCheck {

    private static final int MAX_KEY_CHARS = 64;
    private static final int MAX_DEPTH = 8;

    private MetadataCheck() {
    }

    /** Returns an unmodifiable deep copy of {@code metadata}, or fails naming the bad entry. */
    static Map<String, Object> validate(Map<String, Object> metadata) {
        if (metadata.size() > MemoryLimits.MAX_METADATA_KEYS) {
            throw ColonyException.invalid("metadata", "must have at most " + MemoryLimits.MAX_METADATA_KEYS
                    + " keys, had " + metadata.size());
        }
        int[] size = {2};
        Map<String, Object> copy = copyMap("metadata", metadata, size, 0);
        if (size[0] > MemoryLimits.MAX_METADATA_CHARS) {
            throw ColonyException.invalid("metadata", "must be at most " + MemoryLimits.MAX_METADATA_CHARS
                    + " characters as JSON, was about " + size[0]);
        }
        return copy;
    }

    private static Map<String, Object> copyMap(String path, Map<?, ?> map, int[] size, int depth) {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key) || key.isBlank()) {
                throw ColonyException.invalid(path, "keys must be non-blank strings");
            }
            if (key.length() > MAX_KEY_CHARS) {
                throw ColonyException.invalid(path + "." + Echo.capped(key), "key must be at most " + MAX_KEY_CHARS
                        + " characters");
            }
            size[0] += key.length() + 4;
            copy.put(key, copyValue(path + "." + key, entry.getValue(), size, depth + 1));
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * Whole numbers become {@code Long} and decimals {@code Double}, the types metadata reads back
     * as, so a memory returned by add equals the same memory read later.
     */
    private static Number normalise(String path, Number number) {
        if (number instanceof Long || number instanceof Integer || number instanceof Short || number instanceof Byte) {
            return number.longValue();
        }
        if (number instanceof Double || number instanceof Float) {
            double value = number.doubleValue();
            if (!Double.isFinite(value)) {
                throw ColonyException.invalid(path, "must be a finite number");
            }
            return value;
        }
        throw ColonyException.invalid(path, "must be a long or double number, was " + number.getClass().getSimpleName());
    }

    private static Object copyValue(String path, Object value, int[] size, int depth) {
        if (depth > MAX_DEPTH) {
            throw ColonyException.invalid(path, "nests deeper than " + MAX_DEPTH + " levels");
        }
        if (value == null) {
            throw ColonyException.invalid(path, "must not be null");
        }
        if (value instanceof String text) {
            size[0] += text.length() + 2;
            return text;
        }
        if (value instanceof Boolean) {
            size[0] += 5;
            return value;
        }
        if (value instanceof Number number) {
            Number normalised = normalise(path, number);
            size[0] += normalised.toString().length();
            return normalised;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                size[0] += 1;
                copy.add(copyValue(path + "[" + i + "]", list.get(i), size, depth + 1));
            }
            size[0] += 2;
            return Collections.unmodifiableList(copy);
        }
        if (value instanceof Map<?, ?> map) {
            size[0] += 2;
            return copyMap(path, map, size, depth);
        }
        throw ColonyException.invalid(path, "must be a string, number, boolean, list or map, was "
                + value.getClass().getSimpleName());
    }
}
