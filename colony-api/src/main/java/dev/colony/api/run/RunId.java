package dev.colony.api.run;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A run's id: its kind's letter and eight characters of {@code [0-9a-z]}, drawn from a secure random source.
 * It also names the run's output file.
 *
 * @param value the id
 */
public record RunId(String value) {

    private static final Pattern FORMAT = Pattern.compile("[barmtwd][0-9a-z]{8}");

    /** Checks the format. */
    public RunId {
        Objects.requireNonNull(value, "value");
        if (!FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("not a run id: " + Echo.quoted(value));
        }
    }

    /**
     * The id written as {@code value}.
     *
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} when it is not a run id
     */
    public static RunId parse(String field, String value) {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw ColonyException.invalid(field, "must be a run id (a kind letter and 8 characters of 0-9a-z), was "
                    + Echo.quoted(value));
        }
        return new RunId(value);
    }

    /** The run's kind, from its first letter. */
    public RunKind kind() {
        return RunKind.ofLetter(value.charAt(0));
    }

    @Override
    public String toString() {
        return value;
    }
}
