package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One section of a {@code SPEC.md}: a heading line {@code ## §X title} and the text up to the next such heading.
 *
 * <p>{@link #heading()} followed by {@link #body()} is the section exactly as written, line breaks and trailing
 * spaces included. Rows are read from markdown tables in the body whose header's first cell is {@code id} and whose
 * second line is a separator ({@code -|-} or {@code |---|:--|}); a table ends at the first line without a pipe.
 * Nothing inside a fenced code block is a row.
 *
 * @param id the section's letter, e.g. {@code V}; one of {@link #KNOWN} or another capital letter
 * @param title the heading's text after the letter, trimmed (e.g. {@code invariants}); may be empty
 * @param heading the heading line as written, with its line break
 * @param body everything after the heading line up to the next section heading, as written
 * @param rows the rows of the section's tables, in file order
 * @param malformedRowLines the 1-based line numbers of table lines that are not rows: no id, a first cell that is
 *     not an id, or an id already used earlier in the document; they stay in the body as written
 */
public record SpecSection(String id, String title, String heading, String body, List<SpecRow> rows,
        List<Integer> malformedRowLines) {

    /** The letters of Colony's six sections, in the order a spec writes them. */
    public static final List<String> KNOWN = List.of("G", "C", "I", "V", "T", "B");

    private static final Set<String> KNOWN_SET = Set.copyOf(KNOWN);

    /** Checks the components and copies the lists. */
    public SpecSection {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(heading, "heading");
        Objects.requireNonNull(body, "body");
        rows = List.copyOf(rows);
        malformedRowLines = List.copyOf(malformedRowLines);
    }

    /** Whether this is one of Colony's six sections (others are kept but carry no meaning here). */
    public boolean known() {
        return KNOWN_SET.contains(id);
    }

    /** The row of this id in this section. */
    public Optional<SpecRow> row(String rowId) {
        return rows.stream().filter(row -> row.id().equals(rowId)).findFirst();
    }

    /** The section as written: {@link #heading()} then {@link #body()}. */
    public String text() {
        return heading + body;
    }
}
