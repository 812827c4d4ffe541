package dev.colony.api;

/**
 * The identity of a person (or service account) on whose behalf agents act. Each user has a personal
 * namespace; memories written without a collection land there.
 *
 * @param value a non-blank identifier of at most 128 characters without control characters
 */
public record UserId(String value) {

    /** Maximum length of a user id. */
    public static final int MAX_LENGTH = 128;

    /** Validates the identifier. */
    public UserId {
        value = Ids.check("user", value, MAX_LENGTH);
    }

    /** Shorthand for {@code new UserId(value)}. */
    public static UserId of(String value) {
        return new UserId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
