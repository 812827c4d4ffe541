package dev.colony.api.spec;

import dev.colony.api.ColonyException;
import dev.colony.api.Echo;
import java.util.Locale;

/**
 * How an archive merges a change into a root that may have moved since the change was opened. Each delta compares
 * three rows of its target: the base (the root when the change opened), the root now, and the change's result.
 */
public enum MergeStrategy {
    /**
     * Applies the deltas whose target the root did not touch and counts those the root already made as done; any
     * other difference is a conflict, and then nothing is written (status {@link ArchiveStatus#BLOCKED}).
     */
    THREE_WAY,
    /**
     * Strict: a target row that moved since the base in any way, even to the change's own result, refuses the
     * archive (status {@link ArchiveStatus#REFUSED}) and nothing is written.
     */
    REFUSE_ON_CONFLICT,
    /** The change's row wins over whatever the root did; the conflicts it overrode are reported. */
    LAST_WRITER_WINS;

    /** The lowercase wire name ({@code three_way}, {@code refuse_on_conflict}, {@code last_writer_wins}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The strategy with this wire name.
     *
     * @param field the argument name to report in the error
     * @throws ColonyException {@code INVALID_ARGUMENT} naming {@code field} for any other name
     */
    public static MergeStrategy fromWire(String field, String name) {
        for (MergeStrategy strategy : values()) {
            if (strategy.wireName().equals(name)) {
                return strategy;
            }
        }
        throw ColonyException.invalid(field, "must be three_way, refuse_on_conflict or last_writer_wins; was "
                + Echo.quoted(name));
    }
}
