package dev.colony.api;

/** Shared validation of textual identifiers. */
final class Ids {

    private Ids() {
    }

    static String check(String field, String value, int maxLength) {
        if (value == null) {
            throw ColonyException.invalid(field, "is required");
        }
        String trimmed = value.strip();
        if (trimmed.isEmpty()) {
            throw ColonyException.invalid(field, "must not be blank");
        }
        if (trimmed.length() > maxLength) {
            throw ColonyException.invalid(field, "must be at most " + maxLength + " characters");
        }
        return TextRule.identifier(field, trimmed);
    }
}
