package dev.colony.api.spec;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed {@code SPEC.md}, immutable: the text before the first section, the sections in file order, and the root
 * hash of the whole text.
 *
 * <p>{@link #text()} (the preamble, then each section's heading and body) is the parsed input, character for
 * character: parsing and rendering an unchanged document gives back the same bytes, whatever the parser did not
 * understand (CRLF or mixed line breaks, tabs, trailing spaces, a missing final line break, a byte order mark,
 * unknown sections, malformed rows).
 *
 * <p>The root hash is the lowercase hex SHA-256 of {@link #text()} encoded as UTF-8 (for a file read from disk,
 * of its bytes exactly), so it changes if and only if one byte of the file changes, line breaks included. A spec
 * change pins the version it was based on with it.
 *
 * @param preamble the text before the first section heading, as written (often a {@code # SPEC} title)
 * @param sections the sections in file order
 * @param rootHash the lowercase hex SHA-256 of the UTF-8 bytes of {@link #text()}
 */
public record SpecDocument(String preamble, List<SpecSection> sections, String rootHash) {

    /** Checks the components and copies the sections. */
    public SpecDocument {
        Objects.requireNonNull(preamble, "preamble");
        sections = List.copyOf(sections);
        Objects.requireNonNull(rootHash, "rootHash");
    }

    /** The document as written: the preamble, then each section's heading and body. */
    public String text() {
        StringBuilder text = new StringBuilder(preamble);
        for (SpecSection section : sections) {
            text.append(section.heading()).append(section.body());
        }
        return text.toString();
    }

    /** The first section of this letter (e.g. {@code V}). */
    public Optional<SpecSection> section(String id) {
        return sections.stream().filter(section -> section.id().equals(id)).findFirst();
    }

    /** The row of this id in any section. */
    public Optional<SpecRow> row(String id) {
        return rows().stream().filter(row -> row.id().equals(id)).findFirst();
    }

    /** Every row of every section, in file order. */
    public List<SpecRow> rows() {
        return sections.stream().flatMap(section -> section.rows().stream()).toList();
    }

    /**
     * The always-on invariants: the rows of the {@code §V} sections whose id ends with {@value
     * SpecRow#ALWAYS_SUFFIX}, which every task must respect whatever it cites.
     */
    public List<SpecRow> alwaysInvariants() {
        return sections.stream().filter(section -> section.id().equals("V"))
                .flatMap(section -> section.rows().stream()).filter(SpecRow::always).toList();
    }
}
