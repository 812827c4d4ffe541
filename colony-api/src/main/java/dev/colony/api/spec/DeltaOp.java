package dev.colony.api.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/** What a delta row of a spec change does to the root row it targets. */
public enum DeltaOp {
    /** Adds a row whose id the root does not have yet. */
    ADD,
    /** Replaces the cells of a root row. */
    MODIFY,
    /** Removes a root row. */
    REMOVE;

    /** The lowercase wire name ({@code add}, {@code modify}, {@code remove}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The op with this wire name.
     *
     * @param field the argument name to report in the error
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for any other name
     */
    public static DeltaOp fromWire(String field, String name) {
        for (DeltaOp op : values()) {
            if (op.wireName().equals(name)) {
                return op;
            }
        }
        throw ColonyException.invalid(field, "must be add, modify or remove; was " + Echo.quoted(name));
    }
}
