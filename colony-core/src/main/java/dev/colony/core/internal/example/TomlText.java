package dev.colony.core.internal.example;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The subset of TOML that {@code Cargo.toml} and {@code pyproject.toml} declare dependencies with: tables and
 * arrays of tables, keys (bare, quoted, dotted: kept as written), basic and literal strings (also triple-quoted),
 * arrays (across lines), inline tables, and numbers, booleans and dates as their text. Each table is a map from key
 * to a String, a List or a Map; the {@code n}th entry of an array of tables {@code [[bin]]} is table {@code bin#n}.
 * What it cannot read it skips to the end of the line, so one odd line loses one entry, not the file.
 */
final class TomlText {

    private final String text;
    private int at;

    private TomlText(String text) {
        this.text = text;
    }

    /** The tables of {@code text} by name; top-level keys are in table {@code ""}. */
    static Map<String, Map<String, Object>> parse(String text) {
        return new TomlText(text).tables();
    }

    private Map<String, Map<String, Object>> tables() {
        Map<String, Map<String, Object>> tables = new LinkedHashMap<>();
        Map<String, Integer> arrays = new LinkedHashMap<>();
        Map<String, Object> current = new LinkedHashMap<>();
        tables.put("", current);
        while (at < text.length()) {
            blank();
            if (at >= text.length()) {
                break;
            }
            char c = text.charAt(at);
            if (c == '[') {
                boolean array = text.startsWith("[[", at);
                int end = text.indexOf(array ? "]]" : "]", at);
                int line = lineEnd();
                if (end < 0 || end > line) {
                    at = line;
                    continue;
                }
                String name = unquote(text.substring(at + (array ? 2 : 1), end).strip());
                if (array) {
                    int index = arrays.merge(name, 1, Integer::sum) - 1;
                    name = name + "#" + index;
                }
                current = tables.computeIfAbsent(name, key -> new LinkedHashMap<>());
                at = line;
                continue;
            }
            int line = lineEnd();
            int equals = keyEnd(line);
            if (equals < 0) {
                at = line;
                continue;
            }
            String key = unquote(text.substring(at, equals).strip());
            at = equals + 1;
            try {
                Object value = value();
                current.put(key, value);
            } catch (IllegalArgumentException e) {
                // Not a value this reader knows: skip the line.
            }
            at = Math.max(at, Math.min(lineEnd(), text.length()));
        }
        return tables;
    }

    private Object value() {
        inlineSpace();
        if (at >= text.length()) {
            throw new IllegalArgumentException("no value");
        }
        char c = text.charAt(at);
        if (c == '"' || c == '\'') {
            return string(c);
        }
        if (c == '[') {
            List<Object> items = new ArrayList<>();
            at++;
            while (true) {
                blank();
                if (at >= text.length()) {
                    throw new IllegalArgumentException("unclosed array");
                }
                if (text.charAt(at) == ']') {
                    at++;
                    return items;
                }
                items.add(value());
                blank();
                if (at < text.length() && text.charAt(at) == ',') {
                    at++;
                }
            }
        }
        if (c == '{') {
            Map<String, Object> table = new LinkedHashMap<>();
            at++;
            while (true) {
                inlineSpace();
                if (at >= text.length() || text.charAt(at) == '\n') {
                    throw new IllegalArgumentException("unclosed inline table");
                }
                if (text.charAt(at) == '}') {
                    at++;
                    return table;
                }
                int equals = keyEnd(lineEnd());
                if (equals < 0) {
                    throw new IllegalArgumentException("no key");
                }
                String key = unquote(text.substring(at, equals).strip());
                at = equals + 1;
                table.put(key, value());
                inlineSpace();
                if (at < text.length() && text.charAt(at) == ',') {
                    at++;
                }
            }
        }
        int start = at;
        while (at < text.length() && ",]}#\r\n".indexOf(text.charAt(at)) < 0) {
            at++;
        }
        String word = text.substring(start, at).strip();
        if (word.isEmpty()) {
            throw new IllegalArgumentException("no value");
        }
        return word;
    }

    private String string(char quote) {
        String triple = String.valueOf(quote).repeat(3);
        if (text.startsWith(triple, at)) {
            int end = text.indexOf(triple, at + 3);
            if (end < 0) {
                throw new IllegalArgumentException("unclosed string");
            }
            String body = text.substring(at + 3, end);
            at = end + 3;
            return body.startsWith("\n") ? body.substring(1) : body;
        }
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == quote) {
                return out.toString();
            }
            if (c == '\n') {
                break;
            }
            if (c == '\\' && quote == '"' && at < text.length()) {
                char escaped = text.charAt(at++);
                out.append(switch (escaped) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> escaped;
                });
            } else {
                out.append(c);
            }
        }
        throw new IllegalArgumentException("unclosed string");
    }

    /** The index of the {@code =} after the key that starts here (outside quotes), or -1 before {@code limit}. */
    private int keyEnd(int limit) {
        char quote = 0;
        for (int i = at; i < limit; i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '=') {
                return i;
            } else if (c == '#') {
                return -1;
            }
        }
        return -1;
    }

    private static String unquote(String key) {
        if (key.length() >= 2 && (key.charAt(0) == '"' || key.charAt(0) == '\'')
                && key.charAt(key.length() - 1) == key.charAt(0)) {
            return key.substring(1, key.length() - 1);
        }
        return key;
    }

    /** Skips spaces, line ends and comments. */
    private void blank() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '#') {
                at = lineEnd();
            } else if (Character.isWhitespace(c)) {
                at++;
            } else {
                return;
            }
        }
    }

    private void inlineSpace() {
        while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
            at++;
        }
    }

    private int lineEnd() {
        int end = text.indexOf('\n', at);
        return end < 0 ? text.length() : end + 1;
    }
}
