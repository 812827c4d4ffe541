package dev.colony.core.internal.task;

import dev.colony.api.ColonyException;
import dev.colony.api.task.TaskLimits;
import dev.colony.api.task.WorkingPointer;
import dev.colony.core.internal.kernel.Check;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pointer fields of a working note: taken from the explicit pointer, completed from
 * {@code key=value; …} pairs in the note's content, and compacted to one short line each.
 *
 * <p>A pointer is a breadcrumb, not a report: whitespace runs (line breaks included) become one space,
 * and a value longer than {@link TaskLimits#MAX_POINTER_CHARS} is cut with an ellipsis and a warning
 * that says so, rather than refused, because the note itself keeps the full text.
 */
final class WorkingPointers {

    private static final List<String> FIELDS = List.of("branch", "task", "blocker", "next", "evidence");

    private WorkingPointers() {
    }

    /**
     * The checked pointer.
     *
     * @param given the explicit pointer, or {@code null}
     * @param content the note's content, searched for {@code key=value} pairs
     * @param warnings receives one line per compacted field
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code pointer.next} or
     *     {@code pointer.evidence} when neither the pointer nor the content gives them
     */
    static WorkingPointer resolve(WorkingPointer given, String content, List<String> warnings) {
        Map<String, String> parsed = pairs(content);
        Map<String, String> values = new LinkedHashMap<>();
        for (String field : FIELDS) {
            String explicit = given == null ? null : explicit(given, field);
            String raw = explicit != null ? explicit : parsed.get(field);
            values.put(field, compact("pointer." + field, raw, warnings));
        }
        for (String needed : List.of("next", "evidence")) {
            if (values.get(needed) == null) {
                throw ColonyException.invalid("pointer." + needed, "is required: give pointer." + needed
                        + " or write '" + needed + "=…' in the content");
            }
        }
        return new WorkingPointer(values.get("branch"), values.get("task"), values.get("blocker"), values.get("next"),
                values.get("evidence"));
    }

    /** The pointer stored as note metadata by {@link #metadata}; an empty pointer for anything else. */
    static WorkingPointer fromMetadata(Object stored) {
        Map<?, ?> fields = stored instanceof Map<?, ?> map ? map : Map.of();
        return new WorkingPointer(text(fields.get("branch")), text(fields.get("task")), text(fields.get("blocker")),
                text(fields.get("next")), text(fields.get("evidence")));
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    /** The pointer as note metadata: only the fields that are set. */
    static Map<String, Object> metadata(WorkingPointer pointer) {
        Map<String, Object> map = new LinkedHashMap<>();
        putIfSet(map, "branch", pointer.branch());
        putIfSet(map, "task", pointer.task());
        putIfSet(map, "blocker", pointer.blocker());
        putIfSet(map, "next", pointer.next());
        putIfSet(map, "evidence", pointer.evidence());
        return map;
    }

    private static void putIfSet(Map<String, Object> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static String explicit(WorkingPointer pointer, String field) {
        return switch (field) {
            case "branch" -> pointer.branch();
            case "task" -> pointer.task();
            case "blocker" -> pointer.blocker();
            case "next" -> pointer.next();
            case "evidence" -> pointer.evidence();
            default -> throw new IllegalArgumentException(field);
        };
    }

    /** {@code key=value} pairs separated by {@code ;} or line breaks; the first value of a key wins. */
    static Map<String, String> pairs(String content) {
        Map<String, String> pairs = new HashMap<>();
        if (content == null) {
            return pairs;
        }
        for (String part : content.split("[;\\n]")) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String key = part.substring(0, equals).strip().toLowerCase(Locale.ROOT);
            String value = part.substring(equals + 1).strip();
            if (FIELDS.contains(key) && !value.isEmpty()) {
                pairs.putIfAbsent(key, value);
            }
        }
        return pairs;
    }

    /** One short line, or {@code null} for nothing; cut with a warning when too long. */
    private static String compact(String field, String raw, List<String> warnings) {
        if (raw == null) {
            return null;
        }
        Check.wellFormed(field, raw);
        String line = raw.replaceAll("[\\s\\p{Cc}]+", " ").strip();
        if (line.isEmpty() || Check.blank(line)) {
            return null;
        }
        int max = TaskLimits.MAX_POINTER_CHARS;
        if (line.length() <= max) {
            return line;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        warnings.add(field + " was " + line.length() + " characters; kept the first " + end
                + " (point to a path, command, pull request or spec rather than pasting output; the note keeps "
                + "the full text)");
        return line.substring(0, end) + "…";
    }

    /** A fresh list for warnings. */
    static List<String> warnings() {
        return new ArrayList<>(2);
    }
}
