package dev.colony.mcp.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.SessionId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The arguments of one tool call, read with checks that name the offending field.
 *
 * <p>MCP clients send arguments as parsed JSON: strings, numbers, booleans, lists and maps. Every
 * accessor checks the JSON type and the range and throws {@link ColonyException} with
 * {@code INVALID_ARGUMENT} and the field name, so a client learns exactly what to fix. Unknown argument
 * names are refused too: a misspelt optional argument would otherwise be ignored silently.
 */
public final class Arguments {

    private final Map<String, Object> values;

    private Arguments(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Wraps the arguments of a call and refuses names the tool does not accept.
     *
     * @param values the arguments as sent, or {@code null} for none
     * @param accepted the names the tool accepts
     */
    public static Arguments of(Map<String, Object> values, Set<String> accepted) {
        Map<String, Object> present = values == null ? Map.of() : values;
        for (String name : present.keySet()) {
            if (!accepted.contains(name)) {
                throw ColonyException.invalid(name, "is not a parameter of this tool; accepted: "
                        + String.join(", ", new TreeSet<>(accepted)));
            }
        }
        return new Arguments(Collections.unmodifiableMap(present));
    }

    /** Whether the argument was given with a non-null value. */
    public boolean has(String name) {
        return values.get(name) != null;
    }

    /** A required string; blank strings are refused. */
    public String requiredString(String name) {
        return present(name, optionalString(name));
    }

    /** An optional string, or {@code null}; a given string must not be blank. */
    public String optionalString(String name) {
        Object raw = values.get(name);
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof String text)) {
            throw wrongType(name, "a string", raw);
        }
        if (text.isBlank()) {
            throw ColonyException.invalid(name, "must not be blank");
        }
        return text;
    }

    /** A required session id. */
    public SessionId requiredSessionId(String name) {
        return present(name, optionalSessionId(name));
    }

    /** An optional session id, or {@code null}. */
    public SessionId optionalSessionId(String name) {
        String value = optionalString(name);
        if (value == null) {
            return null;
        }
        try {
            return SessionId.of(value);
        } catch (ColonyException e) {
            String problem = e.getMessage();
            String prefix = e.field() + ": ";
            throw ColonyException.invalid(name, problem.startsWith(prefix) ? problem.substring(prefix.length())
                    : problem);
        }
    }

    /** An optional integer in {@code [min, max]}, or {@code fallback} when absent. */
    public int optionalInt(String name, int min, int max, int fallback) {
        Object raw = values.get(name);
        if (raw == null) {
            return fallback;
        }
        long value = integral(name, raw);
        if (value < min || value > max) {
            throw ColonyException.invalid(name, "must be between " + min + " and " + max + ", was " + value);
        }
        return (int) value;
    }

    /** A required positive id. */
    public long requiredId(String name) {
        return present(name, optionalId(name));
    }

    /** {@code value}, or an {@code INVALID_ARGUMENT} saying that {@code name} is required. */
    private static <T> T present(String name, T value) {
        if (value == null) {
            throw ColonyException.invalid(name, "is required");
        }
        return value;
    }

    /** An optional positive id, or {@code null}. */
    public Long optionalId(String name) {
        Object raw = values.get(name);
        if (raw == null) {
            return null;
        }
        return positive(name, integral(name, raw));
    }

    /** An optional boolean, or {@code fallback} when absent. */
    public boolean optionalBoolean(String name, boolean fallback) {
        Object raw = values.get(name);
        if (raw == null) {
            return fallback;
        }
        if (!(raw instanceof Boolean flag)) {
            throw wrongType(name, "a boolean", raw);
        }
        return flag;
    }

    /**
     * A required list of positive ids with {@code min} to {@code max} entries; entries are reported as
     * {@code name[i]}.
     */
    public List<Long> requiredIds(String name, int min, int max) {
        List<?> raw = present(name, list(name));
        if (raw.size() < min || raw.size() > max) {
            throw ColonyException.invalid(name, "must hold " + min + " to " + max + " ids, held " + raw.size());
        }
        List<Long> ids = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            String field = name + "[" + i + "]";
            Object entry = raw.get(i);
            if (entry == null) {
                throw ColonyException.invalid(field, "must not be null");
            }
            ids.add(positive(field, integral(field, entry)));
        }
        return ids;
    }

    /**
     * An optional list of non-blank strings with at most {@code max} entries; empty when absent.
     * Entries are reported as {@code name[i]}.
     */
    public List<String> optionalStrings(String name, int max) {
        List<?> raw = list(name);
        if (raw == null) {
            return List.of();
        }
        if (raw.size() > max) {
            throw ColonyException.invalid(name, "must hold at most " + max + " entries, held " + raw.size());
        }
        List<String> strings = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) {
            String field = name + "[" + i + "]";
            Object entry = raw.get(i);
            if (!(entry instanceof String text)) {
                throw wrongType(field, "a string", entry);
            }
            if (text.isBlank()) {
                throw ColonyException.invalid(field, "must not be blank");
            }
            strings.add(text);
        }
        return strings;
    }

    private List<?> list(String name) {
        Object raw = values.get(name);
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof List<?> list)) {
            throw wrongType(name, "an array", raw);
        }
        return list;
    }

    private static long positive(String field, long value) {
        if (value <= 0) {
            throw ColonyException.invalid(field, "must be a positive id, was " + value);
        }
        return value;
    }

    private static long integral(String field, Object raw) {
        if (raw instanceof Integer || raw instanceof Long || raw instanceof Short || raw instanceof Byte) {
            return ((Number) raw).longValue();
        }
        if (raw instanceof BigInteger big) {
            if (big.bitLength() < 64) {
                return big.longValue();
            }
            throw ColonyException.invalid(field, "is out of range: " + big);
        }
        if (raw instanceof Double || raw instanceof Float || raw instanceof BigDecimal) {
            try {
                return new BigDecimal(raw.toString()).longValueExact();
            } catch (ArithmeticException | NumberFormatException e) {
                throw ColonyException.invalid(field, "must be a whole number, was " + raw);
            }
        }
        throw wrongType(field, "an integer", raw);
    }

    private static ColonyException wrongType(String field, String expected, Object raw) {
        return ColonyException.invalid(field, "must be " + expected + ", was " + describe(raw));
    }

    private static String describe(Object raw) {
        if (raw == null) {
            return "null";
        }
        if (raw instanceof String) {
            return "a string";
        }
        if (raw instanceof Boolean) {
            return "a boolean";
        }
        if (raw instanceof Number) {
            return "a number";
        }
        if (raw instanceof List) {
            return "an array";
        }
        if (raw instanceof Map) {
            return "an object";
        }
        return raw.getClass().getSimpleName();
    }
}
