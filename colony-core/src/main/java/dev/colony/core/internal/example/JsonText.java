package dev.colony.core.internal.example;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader for manifests ({@code package.json}): objects become ordered maps, arrays lists,
 * strings strings, numbers their text, {@code true}/{@code false}/{@code null} a Boolean or null. Core uses the JDK
 * alone, and a manifest needs nothing more.
 */
final class JsonText {

    private static final int MAX_DEPTH = 64;

    private final String text;
    private int at;

    private JsonText(String text) {
        this.text = text;
    }

    /** The value {@code text} holds. */
    static Object parse(String text) {
        JsonText reader = new JsonText(text);
        Object value = reader.value(0);
        reader.space();
        if (reader.at != text.length()) {
            throw reader.fail("text after the value");
        }
        return value;
    }

    /** The object {@code value} as a map of strings, or an empty map when it is not one. */
    static Map<String, Object> object(Object value) {
        Map<String, Object> object = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, item) -> object.put(String.valueOf(key), item));
        }
        return object;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw fail("nesting too deep");
        }
        space();
        if (at >= text.length()) {
            throw fail("a value");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            default:
                return literal();
        }
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> object = new LinkedHashMap<>();
        at++;
        space();
        if (peek('}')) {
            at++;
            return object;
        }
        while (true) {
            space();
            if (!peek('"')) {
                throw fail("a member name");
            }
            String key = string();
            space();
            expect(':');
            object.put(key, value(depth + 1));
            space();
            if (peek(',')) {
                at++;
            } else {
                expect('}');
                return object;
            }
        }
    }

    private List<Object> array(int depth) {
        List<Object> array = new ArrayList<>();
        at++;
        space();
        if (peek(']')) {
            at++;
            return array;
        }
        while (true) {
            array.add(value(depth + 1));
            space();
            if (peek(',')) {
                at++;
            } else {
                expect(']');
                return array;
            }
        }
    }

    private String string() {
        at++;
        StringBuilder out = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                break;
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw fail("four hex digits");
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException e) {
                        throw fail("four hex digits");
                    }
                    at += 4;
                }
                default -> out.append(escaped);
            }
        }
        throw fail("the end of a string");
    }

    private Object literal() {
        int start = at;
        while (at < text.length() && "{}[],: \t\r\n".indexOf(text.charAt(at)) < 0) {
            at++;
        }
        String word = text.substring(start, at);
        switch (word) {
            case "true":
                return Boolean.TRUE;
            case "false":
                return Boolean.FALSE;
            case "null":
                return null;
            default:
                if (word.isEmpty() || !word.matches("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?")) {
                    throw fail("a value");
                }
                return word;
        }
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw fail("'" + c + "'");
        }
        at++;
    }

    private IllegalArgumentException fail(String expected) {
        return new IllegalArgumentException("expected " + expected + " at character " + at);
    }
}
