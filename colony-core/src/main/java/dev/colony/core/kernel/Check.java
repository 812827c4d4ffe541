package dev.colony.core.kernel;

import dev.colony.api.ColonyException;

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
     * Fails unless {@code value} is well-formed UTF-16: a lone surrogate cannot be stored or sent as
     * UTF-8 without being replaced, and Colony keeps text exactly as written or refuses it.
     */
    public static String wellFormed(String field, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw ColonyException.invalid(field, "is not valid Unicode text: lone surrogate at index " + i);
            }
        }
        return value;
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

    /** A required single-line text, returned stripped: a {@link #body} without control characters. */
    public static String text(String field, String value, int maxLength) {
        String stripped = body(field, value, maxLength);
        for (int i = 0; i < stripped.length(); i++) {
            if (Character.isISOControl(stripped.charAt(i))) {
                throw ColonyException.invalid(field, "must not contain control characters");
            }
        }
        return stripped;
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
