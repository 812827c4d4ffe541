package dev.colony.api;

/**
 * The one rule for text that enters Colony, whichever way it comes: a tool call, the command line, a hook or
 * the library API. Text that breaks it is refused before anything is stored, searched or embedded, with
 * {@link ErrorCode#INVALID_ARGUMENT} naming the field and where in the value the fault is, never echoing it.
 *
 * <ul>
 *   <li><b>Free text</b> (a memory, a query, a summary, a message) holds no C0 control character but tab, line
 *       feed and carriage return: a NUL, an escape or a backspace says nothing a reader sees, and NUL breaks
 *       the tokenizers and drivers downstream.</li>
 *   <li><b>An identifier</b> (a session id, a user, an agent, a branch, a slug) is one line: no control
 *       character at all (C0, DEL or C1) and no line or paragraph separator, so that it cannot forge a line
 *       wherever it is shown.</li>
 *   <li>Neither holds a lone surrogate: such a string is not Unicode text and cannot be stored or sent as
 *       UTF-8 without being altered, and Colony keeps text exactly as written or refuses it.</li>
 * </ul>
 */
public final class TextRule {

    private TextRule() {
    }

    /**
     * {@code value} when it is acceptable free text; {@code null} stays null.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field}
     */
    public static String freeText(String field, String value) {
        return check(field, value, false);
    }

    /**
     * {@code value} when it is an acceptable identifier (one line); {@code null} stays null.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field}
     */
    public static String identifier(String field, String value) {
        return check(field, value, true);
    }

    /**
     * {@code value} with every character that free text may not hold replaced by U+FFFD: for text Colony takes
     * from elsewhere rather than from a caller (a process's output), which is kept, not refused.
     */
    public static String replaceRefused(String value) {
        if (value == null || fault(value, false) < 0) {
            return value;
        }
        StringBuilder clean = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                clean.append(c).append(value.charAt(++i));
            } else {
                clean.append(Character.isSurrogate(c) || refusedControl(c, false) ? '\uFFFD' : c);
            }
        }
        return clean.toString();
    }

    private static String check(String field, String value, boolean identifier) {
        if (value == null) {
            return null;
        }
        int at = fault(value, identifier);
        if (at >= 0) {
            char c = value.charAt(at);
            if (Character.isSurrogate(c)) {
                throw ColonyException.invalid(field, "is not valid Unicode text: lone surrogate at index " + at);
            }
            throw ColonyException.invalid(field, (identifier ? "must be one line without control characters"
                    : "must not contain control characters other than tab and line breaks") + "; found "
                    + String.format("U+%04X", (int) c) + " at index " + at);
        }
        return value;
    }

    /** The index of the first character the rule refuses, or -1. */
    private static int fault(String value, boolean identifier) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c) || refusedControl(c, identifier)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean refusedControl(char c, boolean identifier) {
        if (identifier) {
            return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
        }
        return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
    }
}
