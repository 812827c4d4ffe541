package dev.colony.tool;

import dev.colony.api.ColonyException;
import dev.colony.api.ErrorCode;
import java.util.Objects;

/**
 * One entry of a list argument declared as {@code List<Checked<R>>}: the entry read by its record's own schema,
 * or why that entry was refused. A tool that takes many independent items (a batch of memories) declares its
 * list this way, so that a fault inside one entry (a blank or too long text, a wrong type, an unknown
 * parameter) refuses that entry alone and the tool reports it by index, while a fault of the list itself
 * (missing, too short or too long, an entry that is not an object) still refuses the call.
 *
 * <p>A refusal names the field inside the entry ({@code content}, {@code topics[1]}), as the entry's own
 * parameters are named; the tool reports the entry's index beside it.
 *
 * @param value the entry, when it passed its schema; otherwise {@code null}
 * @param refusal why it did not, an {@link ErrorCode#INVALID_ARGUMENT} naming the field; otherwise {@code null}
 * @param <R> the entry's argument record
 */
public record Checked<R extends Record>(R value, ColonyException refusal) {

    /** Exactly one of the two is given. */
    public Checked {
        if ((value == null) == (refusal == null)) {
            throw new IllegalArgumentException("exactly one of value and refusal");
        }
    }

    /** An entry that passed its schema. */
    public static <R extends Record> Checked<R> of(R value) {
        return new Checked<>(Objects.requireNonNull(value, "value"), null);
    }

    /** An entry refused by its schema. */
    public static <R extends Record> Checked<R> refused(ColonyException refusal) {
        return new Checked<>(null, Objects.requireNonNull(refusal, "refusal"));
    }

    /** Whether the entry passed its schema. */
    public boolean ok() {
        return value != null;
    }
}
