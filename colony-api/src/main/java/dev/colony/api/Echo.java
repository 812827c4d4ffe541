package dev.colony.api;

/**
 * Quotes a caller's value inside an error message without letting the message grow with the value.
 *
 * <p>Error messages name what was wrong, and often show the offending value so the caller sees its
 * mistake. A value can be huge (a 10 MiB string sent as a type name), and an error line that repeats it
 * whole can exceed what a client accepts and drop the connection. Every message that shows a caller's
 * value goes through {@link #quoted}: short values appear whole, long ones as their first
 * {@value #MAX_CHARS} characters followed by their length.
 */
public final class Echo {

    /** How many characters of a value an error message shows. */
    public static final int MAX_CHARS = 64;

    private Echo() {
    }

    /**
     * The value in single quotes, cut to {@value #MAX_CHARS} characters plus {@code …(N chars)} when
     * longer, or {@code null} for null. A cut never splits a surrogate pair.
     */
    public static String quoted(String value) {
        if (value == null) {
            return "null";
        }
        return "'" + capped(value) + "'";
    }

    /**
     * The value cut to {@value #MAX_CHARS} characters plus {@code …(N chars)} when longer, unquoted;
     * for names, such as an unknown argument name, that the message shows as they are.
     */
    public static String capped(String value) {
        if (value == null) {
            return "null";
        }
        if (value.length() <= MAX_CHARS) {
            return value;
        }
        int end = MAX_CHARS;
        if (Character.isHighSurrogate(value.charAt(end - 1))) {
            end--;
        }
        return value.substring(0, end) + "…(" + value.length() + " chars)";
    }
}
