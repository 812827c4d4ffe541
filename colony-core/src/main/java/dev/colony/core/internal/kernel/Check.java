package dev.colony.core.internal.kernel;

import dev.colony.api.ColonyException;
import dev.colony.api.TextRule;

/** Argument checks that name the offending field in their error. */
public final class Check {

    private Check() {
    }

    /** Fails with {@code INVALID_ARGUMENT} when {@code value} is null. */
    public static <T> T required(String field, T value) {
        if (value == null) {
            throw ColonyException.invalid(field, "is required");
        }
        return value;
    }

    /**
     * Whether {@code value} shows nothing: only whitespace and invisible format characters such as the
     * zero-width space or a byte-order mark.
     */
    public static boolean blank(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!Character.isWhitespace(c) && !Character.isSpaceChar(c) && Character.getType(c) != Character.FORMAT) {
                return false;
            }
        }
        return true;
    }

    /**
     * Fails unless {@code value} is acceptable free text ({@link TextRule#freeText}): no lone surrogate, which
     * cannot be stored or sent as UTF-8 without being replaced, and no control character but tab and line
     * breaks. Colony keeps text exactly as written or refuses it.
     */
    public static String wellFormed(String field, String value) {
        return TextRule.freeText(field, value);
    }

    /** Fails unless {@code value} lies in {@code [min, max]}. */
    public static int range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw ColonyException.invalid(field, "must be between " + min + " and " + max + ", was " + value);
        }
        return value;
    }

    /**
     * An optional text: {@code null} stays null; otherwise it must not be blank, must fit
     * {@code maxLength} and must not contain control characters. Returned stripped.
     */
    public static String optionalText(String field, String value, int maxLength) {
        if (value == null) {
            return null;
        }
        return text(field, value, maxLength);
    }

    /**
     * A required single-line text, returned stripped: a {@link #body} that is also an identifier by
     * {@link TextRule#identifier} (one line, no control characters).
     */
    public static String text(String field, String value, int maxLength) {
        required(field, value);
        TextRule.identifier(field, value.strip());
        return body(field, value, maxLength);
    }

    /** A required free text (several lines allowed), stripped; errors name {@code field}. */
    public static String body(String field, String value, int max) {
        required(field, value);
        wellFormed(field, value);
        String stripped = value.strip();
        if (blank(stripped)) {
            throw ColonyException.invalid(field, "must not be blank");
        }
        if (stripped.length() > max) {
            throw ColonyException.invalid(field, "must be at most " + max + " characters, was " + stripped.length());
        }
        return stripped;
    }

    /** An optional free text: {@code null} stays null. */
    public static String optionalBody(String field, String value, int max) {
        return value == null ? null : body(field, value, max);
    }
}
