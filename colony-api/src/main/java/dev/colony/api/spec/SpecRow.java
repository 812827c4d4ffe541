package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;

/**
 * One id-keyed row of a table in a {@code SPEC.md} section, such as {@code V.3|must|tokens expire}.
 *
 * <p>A row's id is its first cell; ids are unique within a document (a later line that repeats an id is not a
 * row, see {@link SpecSection#malformedRowLines()}). The cells are trimmed of surrounding white space and an escaped
 * pipe ({@code \|}) is read as a pipe; the line as written is in {@link #text()}.
 *
 * @param id the row's id, e.g. {@code V.3}, {@code T12} or {@code V.2.always}
 * @param cells the cells after the id, in order (the {@code row_cells} of a spec change)
 * @param line the 1-based line number of the row in the file
 * @param text the row's line as written, without its line break
 */
public record SpecRow(String id, List<String> cells, int line, String text) {

    /** The suffix that makes a {@code §V} row an invariant every task must respect. */
    public static final String ALWAYS_SUFFIX = ".always";
    /** What a row id looks like: a letter, then letters, digits, {@code _} or {@code -}, in dot-separated parts. */
    public static final String ID_PATTERN = "[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*";
    /** The longest row id an argument may name. */
    public static final int MAX_ID_CHARS = 64;

    /** Checks the components and copies the cells. */
    public SpecRow {
        Objects.requireNonNull(id, "id");
        cells = List.copyOf(cells);
        Objects.requireNonNull(text, "text");
    }

    /** Whether this row's id ends with {@value #ALWAYS_SUFFIX}. */
    public boolean always() {
        return id.endsWith(ALWAYS_SUFFIX);
    }
}
